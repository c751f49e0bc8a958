/**
 * A second look at a QR code zxing found but could not read (issue 15). zxing samples the module
 * grid through one perspective transform fixed by the three finder-pattern centres and the
 * alignment pattern (or its estimate). On a wrinkled shirt or a steeply tilted dense code one of
 * those four points is off by a fraction of a module, the grid drifts off the module centres near
 * that corner, and Reed–Solomon gives up. Here the grid is sampled again with each of the four
 * points moved alone by ½ then ¼ module in eight directions (64 grids) until one decodes.
 *
 * Reed–Solomon still judges every grid, so a wrong grid is rejected, not misread: on the 132 real
 * photos of tests/fixtures/qr-real this reads 9 more as 640×480 frames (122 → 131) and 7 more as
 * shot (121 → 128), no misread (README "Ticket QR on real photos"). qr-scanner.ts runs it only
 * after every binarizer failed, and it samples only grids whose finder, timing and alignment
 * modules mostly come out right (FUNCTION_PATTERN_GATE): the false finder triples zxing meets in
 * frames with no code score near ½, so such a frame pays only that check.
 *
 * No zxing import here (qr-scanner.ts is its one wrapper): zxing's transform and decoder come in
 * as GridTools, its binarized frame and transform as structural types.
 */

export type Point = { x: number; y: number };
/** Top-left, top-right, alignment (or its estimate) and bottom-left reference points. */
export type GridCorners = [Point, Point, Point, Point];
/** A binarized frame (zxing's BitMatrix): true is dark. */
export type GridImage = { getWidth: () => number; getHeight: () => number; get: (x: number, y: number) => boolean };
/** Module coordinates → image pixels, in place on (x, y) pairs (zxing's PerspectiveTransform). */
export type GridTransform = { transformPoints: (points: Float32Array) => void };
/** What zxing sampled and could not decode: the frame, the symbol's modules a side and its transform. */
export type SampledGrid = { image: GridImage; dimension: number; transform: GridTransform };
/** The zxing pieces the retry needs; each throws where zxing does. */
export type GridTools = {
  /** The transform taking cornerModules(dimension) to `corners`. */
  transformFromCorners: (dimension: number, corners: GridCorners) => GridTransform;
  /** Alignment pattern centre rows/columns of the QR version of this size. */
  alignmentCentres: (dimension: number) => number[];
  /** Reed–Solomon decoding of sampled modules (`modules[row][column]`, true dark) to the text. */
  decodeModules: (modules: boolean[][]) => string;
};

/** Nudges in modules, the larger first (it reads 8 of the 9 photos; ¼ module one more). */
export const NUDGE_MODULES = [0.5, 0.25];
const DIRECTIONS: readonly Point[] = [
  { x: 1, y: 0 }, { x: -1, y: 0 }, { x: 0, y: 1 }, { x: 0, y: -1 },
  { x: 1, y: 1 }, { x: 1, y: -1 }, { x: -1, y: 1 }, { x: -1, y: -1 },
];
/**
 * Share of the known modules (finders with separators, timing lines, alignment patterns) a grid
 * must sample right to be worth a retry: grids that then read scored ≥ 0.90 on the real photos,
 * false finder triples in the no-code frames of tests/fixtures/plates ≤ 0.55.
 */
export const FUNCTION_PATTERN_GATE = 0.8;

/** Where the four reference points sit in module coordinates (as in zxing's Detector). */
export function cornerModules(dimension: number): GridCorners {
  return [
    { x: 3.5, y: 3.5 },
    { x: dimension - 3.5, y: 3.5 },
    { x: dimension - 6.5, y: dimension - 6.5 },
    { x: 3.5, y: dimension - 3.5 },
  ];
}

/** Every corner set with one corner moved by one nudge in one direction (4 × 8 × NUDGE_MODULES). */
export function nudgedCorners(corners: GridCorners, moduleSize: number): GridCorners[] {
  const nudged: GridCorners[] = [];
  for (const modules of NUDGE_MODULES) {
    for (let which = 0; which < corners.length; which += 1) {
      for (const direction of DIRECTIONS) {
        const step = modules * moduleSize;
        nudged.push(corners.map((point, index) => (index === which ? { x: point.x + direction.x * step, y: point.y + direction.y * step } : point)) as GridCorners);
      }
    }
  }
  return nudged;
}

/**
 * The modules whose colour every QR symbol of this size fixes, as (column, row, isDark) triples:
 * the three finder patterns with their white separators, the two timing lines and the alignment
 * patterns.
 */
export function functionPatternModules(dimension: number, alignmentCentres: readonly number[]): Int16Array {
  const triples: number[] = [];
  const finder = (left: number, top: number) => {
    for (let row = -1; row <= 7; row += 1) {
      for (let column = -1; column <= 7; column += 1) {
        const x = left + column;
        const y = top + row;
        if (x < 0 || y < 0 || x >= dimension || y >= dimension) continue;
        const ring = Math.max(Math.abs(column - 3), Math.abs(row - 3));
        triples.push(x, y, ring === 4 || ring === 2 ? 0 : 1);
      }
    }
  };
  finder(0, 0);
  finder(dimension - 7, 0);
  finder(0, dimension - 7);
  for (let index = 8; index < dimension - 8; index += 1) {
    const isDark = index % 2 === 0 ? 1 : 0;
    triples.push(index, 6, isDark, 6, index, isDark);
  }
  const isUnderFinder = (x: number, y: number) => (x < 9 && y < 9) || (x > dimension - 10 && y < 9) || (x < 9 && y > dimension - 10);
  for (const y of alignmentCentres) {
    for (const x of alignmentCentres) {
      if (isUnderFinder(x, y)) continue;
      for (let row = -2; row <= 2; row += 1) {
        for (let column = -2; column <= 2; column += 1) triples.push(x + column, y + row, Math.max(Math.abs(column), Math.abs(row)) === 1 ? 0 : 1);
      }
    }
  }
  return Int16Array.from(triples);
}

/** Colour of the pixel under a module centre; undefined when the grid runs off the frame. */
function pixelAt(image: GridImage, x: number, y: number): boolean | undefined {
  const column = Math.floor(x);
  const row = Math.floor(y);
  if (column < 0 || row < 0 || column >= image.getWidth() || row >= image.getHeight()) return undefined;
  return image.get(column, row);
}

/** Share of `known` modules the grid samples in their colour. */
function functionPatternScore({ image, transform }: SampledGrid, known: Int16Array): number {
  const count = known.length / 3;
  const points = new Float32Array(count * 2);
  for (let index = 0; index < count; index += 1) {
    points[2 * index] = (known[3 * index] ?? 0) + 0.5;
    points[2 * index + 1] = (known[3 * index + 1] ?? 0) + 0.5;
  }
  transform.transformPoints(points);
  let right = 0;
  for (let index = 0; index < count; index += 1) {
    if (pixelAt(image, points[2 * index] ?? -1, points[2 * index + 1] ?? -1) === (known[3 * index + 2] === 1)) right += 1;
  }
  return right / count;
}

/** The colour under every module centre, row by row; undefined when the grid runs off the frame. */
export function sampleModules({ image, dimension, transform }: SampledGrid): boolean[][] | undefined {
  const modules: boolean[][] = [];
  const points = new Float32Array(2 * dimension);
  for (let row = 0; row < dimension; row += 1) {
    for (let column = 0; column < dimension; column += 1) {
      points[2 * column] = column + 0.5;
      points[2 * column + 1] = row + 0.5;
    }
    transform.transformPoints(points);
    const line: boolean[] = [];
    for (let column = 0; column < dimension; column += 1) {
      const isDark = pixelAt(image, points[2 * column] ?? -1, points[2 * column + 1] ?? -1);
      if (isDark === undefined) return undefined;
      line.push(isDark);
    }
    modules.push(line);
  }
  return modules;
}

/** The four reference points of a sampled grid in image pixels, and its module size there. */
function referencePoints({ dimension, transform }: SampledGrid): { corners: GridCorners; moduleSize: number } {
  const flat = new Float32Array(cornerModules(dimension).flatMap((point) => [point.x, point.y]));
  transform.transformPoints(flat);
  const corners = [0, 1, 2, 3].map((index) => ({ x: flat[2 * index] ?? 0, y: flat[2 * index + 1] ?? 0 })) as GridCorners;
  const moduleSize = Math.hypot(corners[1].x - corners[0].x, corners[1].y - corners[0].y) / (dimension - 7);
  return { corners, moduleSize };
}

/** The retry: the text of the first nudged grid Reed–Solomon accepts, or undefined. */
export function createGridRetry(tools: GridTools): (grid: SampledGrid) => string | undefined {
  // The known modules depend on the symbol's size alone: made once a size, not for every grid
  // (a frame may hand over up to three, one per binarizer).
  const knownBySize = new Map<number, Int16Array | null>();
  const knownModules = (dimension: number): Int16Array | null => {
    if (!knownBySize.has(dimension)) {
      let known: Int16Array | null;
      try {
        known = functionPatternModules(dimension, tools.alignmentCentres(dimension));
      } catch {
        known = null; // not a QR symbol size
      }
      knownBySize.set(dimension, known);
    }
    return knownBySize.get(dimension) ?? null;
  };
  const isWorthRetrying = (grid: SampledGrid): boolean => {
    const known = knownModules(grid.dimension);
    return known !== null && functionPatternScore(grid, known) >= FUNCTION_PATTERN_GATE;
  };
  return (grid) => {
    if (!isWorthRetrying(grid)) return undefined;
    const { corners, moduleSize } = referencePoints(grid);
    for (const nudged of nudgedCorners(corners, moduleSize)) {
      const modules = sampleModules({ ...grid, transform: tools.transformFromCorners(grid.dimension, nudged) });
      if (!modules) continue;
      try {
        return tools.decodeModules(modules);
      } catch {
        // Reed–Solomon (or the format information) rejected this grid: the next nudge.
      }
    }
    return undefined;
  };
}
