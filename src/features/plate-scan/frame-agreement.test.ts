import { describe, expect, it } from 'vitest';
import type { RecognizeResponse } from '../../contract/plates';
import { INITIAL_AGREEMENT, observeFrame, type AgreementState } from './frame-agreement';

const frame = (plate?: string): RecognizeResponse => ({
  processingTimeMs: 200,
  results: plate ? [{ plate, score: 0.9, box: { xmin: 0, ymin: 0, xmax: 10, ymax: 5 }, candidates: [{ plate, score: 0.9 }] }] : [],
});

function run(plates: Array<string | undefined>): Array<string | null> {
  let state: AgreementState = INITIAL_AGREEMENT;
  return plates.map((plate) => {
    const step = observeFrame(state, frame(plate));
    state = step.state;
    return step.agreedPlate;
  });
}

describe('two consecutive frames must agree', () => {
  it('agrees on the second identical reading', () => {
    expect(run(['KXR4821', 'KXR4821'])).toEqual([null, 'KXR4821']);
  });

  it('starts over after a different reading or an empty frame', () => {
    expect(run(['KXR4821', 'KXR4B21', 'KXR4821', undefined, 'KXR4821', 'KXR4821'])).toEqual([null, null, null, null, null, 'KXR4821']);
  });

  it('compares normalised plates', () => {
    expect(run(['kxr-4821', 'KXR4821'])).toEqual([null, 'KXR4821']);
  });

  it('never agrees on empty frames', () => {
    expect(run([undefined, undefined])).toEqual([null, null]);
  });
});
