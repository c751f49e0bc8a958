/**
 * Turns the text detector's probability map into candidate plate boxes (pure, no model):
 * threshold → 8-connected components → drop specks → DB "unclip" (grow each box by
 * area·ratio / perimeter, without which the recogniser sees clipped characters) → merge boxes
 * on one text line → keep plate-like aspect ratios. Coordinates are in map pixels; the caller
 * scales them back to the photo. Numbers are the measured recipe of TOOLCHAIN.md "Plate reading".
 */

export type Box = { xmin: number; ymin: number; xmax: number; ymax: number };
export type ScoredBox = Box & { score: number };

export type BoxOptions = {
  threshold: number;
  minSide: number;
  unclipRatio: number;
  minAspect: number;
  maxAspect: number;
};

export const DEFAULT_BOX_OPTIONS: BoxOptions = { threshold: 0.3, minSide: 3, unclipRatio: 1.5, minAspect: 1.3, maxAspect: 9 };

type Component = ScoredBox & { sum: number; count: number };

/** Bounding boxes of 8-connected regions above the threshold, with their mean probability as score. */
export function findComponents(map: ArrayLike<number>, width: number, height: number, threshold: number): ScoredBox[] {
  const labels = new Int32Array(width * height);
  const stack = new Int32Array(width * height);
  const found: Component[] = [];
  for (let start = 0; start < width * height; start += 1) {
    if (labels[start] !== 0 || (map[start] ?? 0) <= threshold) continue;
    const label = found.length + 1;
    const component: Component = { xmin: width, ymin: height, xmax: -1, ymax: -1, score: 0, sum: 0, count: 0 };
    let top = 0;
    stack[top++] = start;
    labels[start] = label;
    while (top > 0) {
      const index = stack[--top] ?? 0;
      const x = index % width;
      const y = (index - x) / width;
      component.sum += map[index] ?? 0;
      component.count += 1;
      if (x < component.xmin) component.xmin = x;
      if (x > component.xmax) component.xmax = x;
      if (y < component.ymin) component.ymin = y;
      if (y > component.ymax) component.ymax = y;
      for (let dy = -1; dy <= 1; dy += 1) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          if (nx < 0 || nx >= width || (dx === 0 && dy === 0)) continue;
          const next = ny * width + nx;
          if (labels[next] === 0 && (map[next] ?? 0) > threshold) {
            labels[next] = label;
            stack[top++] = next;
          }
        }
      }
    }
    found.push(component);
  }
  // Pixel boxes are inclusive; make them half-open so width = xmax - xmin.
  return found.map(({ xmin, ymin, xmax, ymax, sum, count }) => ({ xmin, ymin, xmax: xmax + 1, ymax: ymax + 1, score: sum / count }));
}

/** DB unclip on an axis-aligned box: grow every side by area·ratio / perimeter. */
export function unclip(box: ScoredBox, ratio: number, width: number, height: number): ScoredBox {
  const w = box.xmax - box.xmin;
  const h = box.ymax - box.ymin;
  const grow = (w * h * ratio) / (2 * (w + h));
  return {
    xmin: Math.max(0, box.xmin - grow),
    ymin: Math.max(0, box.ymin - grow),
    xmax: Math.min(width, box.xmax + grow),
    ymax: Math.min(height, box.ymax + grow),
    score: box.score,
  };
}

function isSameLine(a: Box, b: Box): boolean {
  const ha = a.ymax - a.ymin;
  const hb = b.ymax - b.ymin;
  const overlap = Math.min(a.ymax, b.ymax) - Math.max(a.ymin, b.ymin);
  if (overlap < 0.6 * Math.min(ha, hb)) return false;
  if (Math.max(ha, hb) > 1.5 * Math.min(ha, hb)) return false;
  const gap = Math.max(a.xmin, b.xmin) - Math.min(a.xmax, b.xmax);
  return gap <= 0.5 * Math.max(ha, hb);
}

/** Merges boxes that sit on one text line (a plate split at a space or a dash) until none merge. */
export function mergeLines(boxes: readonly ScoredBox[]): ScoredBox[] {
  const merged = boxes.map((box) => ({ ...box }));
  let changed = true;
  while (changed) {
    changed = false;
    outer: for (let i = 0; i < merged.length; i += 1) {
      for (let j = i + 1; j < merged.length; j += 1) {
        const a = merged[i];
        const b = merged[j];
        if (!a || !b || !isSameLine(a, b)) continue;
        const wa = a.xmax - a.xmin;
        const wb = b.xmax - b.xmin;
        merged[i] = {
          xmin: Math.min(a.xmin, b.xmin),
          ymin: Math.min(a.ymin, b.ymin),
          xmax: Math.max(a.xmax, b.xmax),
          ymax: Math.max(a.ymax, b.ymax),
          score: (a.score * wa + b.score * wb) / (wa + wb || 1),
        };
        merged.splice(j, 1);
        changed = true;
        break outer;
      }
    }
  }
  return merged;
}

export function boxesFromProbabilityMap(
  map: ArrayLike<number>,
  width: number,
  height: number,
  options: BoxOptions = DEFAULT_BOX_OPTIONS,
): ScoredBox[] {
  const components = findComponents(map, width, height, options.threshold).filter(
    (box) => box.xmax - box.xmin >= options.minSide && box.ymax - box.ymin >= options.minSide,
  );
  const grown = components.map((box) => unclip(box, options.unclipRatio, width, height));
  return mergeLines(grown).filter((box) => {
    const aspect = (box.xmax - box.xmin) / (box.ymax - box.ymin);
    return aspect >= options.minAspect && aspect <= options.maxAspect;
  });
}
