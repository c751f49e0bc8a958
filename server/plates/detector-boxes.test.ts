import { describe, expect, it } from 'vitest';
import { boxesFromProbabilityMap, findComponents, mergeLines, unclip } from './detector-boxes.ts';

/** A made probability map: 0.05 background with rectangles of text probability painted on it. */
function makeMap(width: number, height: number, blobs: ReadonlyArray<[x: number, y: number, w: number, h: number, p?: number]>) {
  const map = new Float32Array(width * height).fill(0.05);
  for (const [x, y, w, h, p = 0.9] of blobs) {
    for (let yy = y; yy < y + h; yy += 1) for (let xx = x; xx < x + w; xx += 1) map[yy * width + xx] = p;
  }
  return map;
}

describe('detector post-processing', () => {
  it('finds 8-connected components (diagonal neighbours join)', () => {
    const map = makeMap(10, 10, [[1, 1, 2, 2], [3, 3, 2, 2], [7, 7, 2, 2, 0.2]]);
    const components = findComponents(map, 10, 10, 0.3);
    expect(components).toHaveLength(1);
    expect(components[0]).toMatchObject({ xmin: 1, ymin: 1, xmax: 5, ymax: 5 });
  });

  it('unclips by area × 1.5 / perimeter on every side, inside the map', () => {
    const grown = unclip({ xmin: 10, ymin: 10, xmax: 50, ymax: 20, score: 1 }, 1.5, 100, 100);
    const d = (40 * 10 * 1.5) / (2 * 50);
    expect(grown).toMatchObject({ xmin: 10 - d, ymin: 10 - d, xmax: 50 + d, ymax: 20 + d });
    expect(unclip({ xmin: 0, ymin: 0, xmax: 40, ymax: 10, score: 1 }, 1.5, 45, 12)).toMatchObject({ xmin: 0, ymin: 0, xmax: 45, ymax: 12 });
  });

  it('merges the two halves of a plate split at the dash, but not a line above', () => {
    const merged = mergeLines([
      { xmin: 10, ymin: 50, xmax: 60, ymax: 80, score: 0.9 },
      { xmin: 70, ymin: 52, xmax: 130, ymax: 81, score: 0.8 },
      { xmin: 10, ymin: 10, xmax: 130, ymax: 30, score: 0.9 },
    ]);
    expect(merged).toHaveLength(2);
    expect(merged).toContainEqual(expect.objectContaining({ xmin: 10, ymin: 50, xmax: 130, ymax: 81 }));
  });

  it('does not merge boxes far apart or of very different heights', () => {
    expect(mergeLines([
      { xmin: 0, ymin: 0, xmax: 40, ymax: 20, score: 1 },
      { xmin: 100, ymin: 0, xmax: 140, ymax: 20, score: 1 },
    ])).toHaveLength(2);
    expect(mergeLines([
      { xmin: 0, ymin: 0, xmax: 40, ymax: 40, score: 1 },
      { xmin: 42, ymin: 10, xmax: 80, ymax: 30, score: 1 },
    ])).toHaveLength(2);
  });

  it('keeps a plate-shaped line, drops specks, tall blobs and over-long strips', () => {
    const map = makeMap(200, 120, [
      [20, 40, 30, 12], // "ABC"
      [56, 40, 40, 12], // "1234" after a dash-sized gap: merges with ABC
      [150, 10, 2, 2], // speck
      [170, 40, 10, 60], // tall blob (aspect < 1.3)
      [0, 110, 200, 3], // thin strip, aspect > 9
    ]);
    const boxes = boxesFromProbabilityMap(map, 200, 120);
    expect(boxes).toHaveLength(1);
    const [plate] = boxes;
    expect(plate!.xmin).toBeLessThan(20);
    expect(plate!.xmax).toBeGreaterThan(96);
    expect(plate!.ymin).toBeLessThan(40);
    expect(plate!.ymax).toBeGreaterThan(52);
    expect(plate!.score).toBeCloseTo(0.9, 5);
  });

  it('finds nothing on an empty map', () => {
    expect(boxesFromProbabilityMap(new Float32Array(64 * 64), 64, 64)).toEqual([]);
  });
});
