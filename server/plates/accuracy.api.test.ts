/**
 * Accuracy floor on the kept photos (tests/fixtures/plates): whole photos through the engine
 * (made US-style plates + real Czech/Chinese photos) and the Argentine crops through the
 * recogniser. The floors sit just under what was measured (see tests/bench/plates.ts for the
 * figures); a change that loses plates fails here. Slow (~30–60 s): it lives in the api project.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createPlateEngine, loadPlateSessions } from './engine.ts';
import { evaluateCrops, evaluateWholePhotos, percent, type Evaluation } from './testing/evaluate.ts';

let evaluation: Evaluation;
beforeAll(async () => {
  const engine = createPlateEngine();
  evaluation = await evaluateWholePhotos((photo) => engine.readPlates(photo));
}, 300_000);

const setScore = (name: string) => {
  const set = evaluation.sets.find((s) => s.set === name);
  if (!set) throw new Error(`no ${name} photos`);
  return { top1: percent(set.top1, set.total), top3: percent(set.top3, set.total), misses: set.misses };
};

describe('plate reading accuracy on the kept photos', () => {
  it('reads the made US-style plates (measured 92.5 % top-1, 97.5 % top-3)', () => {
    const made = setScore('made');
    expect(made.top1, made.misses.join('\n')).toBeGreaterThanOrEqual(87.5);
    expect(made.top3, made.misses.join('\n')).toBeGreaterThanOrEqual(92.5);
  });

  it('reads the real Czech and Chinese photos (measured 94.1 % top-1 and top-3)', () => {
    const real = setScore('real-full');
    expect(real.top1, real.misses.join('\n')).toBeGreaterThanOrEqual(82);
    expect(real.top3, real.misses.join('\n')).toBeGreaterThanOrEqual(88);
  });

  it('reads the Argentine crops with the recogniser alone (measured 91.2 % top-1, 96.6 % top-3)', async () => {
    const crops = await evaluateCrops(await loadPlateSessions());
    expect(percent(crops.top1, crops.total)).toBeGreaterThanOrEqual(89);
    expect(percent(crops.top3, crops.total)).toBeGreaterThanOrEqual(95);
  }, 120_000);
});
