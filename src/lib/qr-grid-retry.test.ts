import qrcode from 'qrcode-generator';
import { describe, expect, it } from 'vitest';
import { cornerModules, createGridRetry, functionPatternModules, nudgedCorners, NUDGE_MODULES, sampleModules, type GridCorners, type GridImage, type GridTools, type SampledGrid } from './qr-grid-retry';
import { loadQrGridTools } from './qr-scanner';

const TEXT = 'https://parkfair.example/app/10442611230001004821001';
const MODULE_PX = 5;
const QUIET = 4;

/** A ticket's code drawn sharp, MODULE_PX a module, as the binarized frame zxing would hand over. */
function drawnCode(): { code: ReturnType<typeof qrcode>; image: GridImage; dimension: number } {
  const code = qrcode(0, 'L');
  code.addData(TEXT);
  code.make();
  const dimension = code.getModuleCount();
  const side = (dimension + 2 * QUIET) * MODULE_PX;
  const isDark = (x: number, y: number) => {
    const row = Math.floor(y / MODULE_PX) - QUIET;
    const column = Math.floor(x / MODULE_PX) - QUIET;
    return row >= 0 && column >= 0 && row < dimension && column < dimension && code.isDark(row, column);
  };
  return { code, dimension, image: { getWidth: () => side, getHeight: () => side, get: isDark } };
}

/** The grid zxing would sample with the bottom-left finder centre placed `offBy` modules off. */
function gridWithBottomLeftOff(tools: GridTools, image: GridImage, dimension: number, offBy: { x: number; y: number }): SampledGrid {
  const corners = cornerModules(dimension).map((point) => ({ x: (point.x + QUIET) * MODULE_PX, y: (point.y + QUIET) * MODULE_PX })) as GridCorners;
  corners[3] = { x: corners[3].x + offBy.x * MODULE_PX, y: corners[3].y + offBy.y * MODULE_PX };
  return { image, dimension, transform: tools.transformFromCorners(dimension, corners) };
}

describe('nudgedCorners', () => {
  it('moves one corner at a time by each nudge in eight directions', () => {
    const corners: GridCorners = [{ x: 10, y: 10 }, { x: 110, y: 10 }, { x: 95, y: 95 }, { x: 10, y: 110 }];
    const nudged = nudgedCorners(corners, 4);
    expect(nudged).toHaveLength(4 * 8 * NUDGE_MODULES.length);
    for (const set of nudged) {
      const moves = set.map((point, index) => Math.max(Math.abs(point.x - corners[index]!.x), Math.abs(point.y - corners[index]!.y))).filter((move) => move > 0);
      expect(moves).toHaveLength(1);
      expect(NUDGE_MODULES.map((modules) => modules * 4)).toContain(moves[0]);
    }
  });
});

describe('functionPatternModules', () => {
  it('gives the colour the finder, timing and alignment modules have in a real code', async () => {
    const tools = await loadQrGridTools();
    const { code, dimension } = drawnCode();
    const known = functionPatternModules(dimension, tools.alignmentCentres(dimension));
    expect(known.length / 3).toBeGreaterThan(3 * 64);
    const wrong: number[][] = [];
    for (let index = 0; index < known.length; index += 3) {
      const [column = 0, row = 0, isDark] = known.subarray(index, index + 3);
      if (code.isDark(row, column) !== (isDark === 1)) wrong.push([column, row]);
    }
    expect(wrong).toEqual([]);
  });
});

describe('createGridRetry', () => {
  it('reads a code whose bottom-left reference point is ⅘ module off, where the grid as found does not', async () => {
    const tools = await loadQrGridTools();
    const { image, dimension } = drawnCode();
    const grid = gridWithBottomLeftOff(tools, image, dimension, { x: 0.8, y: -0.8 });
    expect(() => tools.decodeModules(sampleModules(grid) ?? [])).toThrow();
    expect(createGridRetry(tools)(grid)).toBe(TEXT);
  });

  it('samples no grid where the finder and timing modules come out wrong (no code there)', async () => {
    const tools = await loadQrGridTools();
    const { dimension } = drawnCode();
    const stripes: GridImage = { getWidth: () => 200, getHeight: () => 200, get: (x) => Math.floor(x / 3) % 2 === 0 };
    let decodes = 0;
    const retry = createGridRetry({ ...tools, decodeModules: () => { decodes += 1; throw new Error('not a code'); } });
    expect(retry(gridWithBottomLeftOff(tools, stripes, dimension, { x: 0, y: 0 }))).toBeUndefined();
    expect(decodes).toBe(0);
  });
});
