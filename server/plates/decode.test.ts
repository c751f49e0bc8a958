import { describe, expect, it } from 'vitest';
import { ALPHABET, greedyRead, rankCandidates, stripPadding, toSlotProbabilities } from './decode.ts';

/** Slot probabilities from a list of { char: p } per slot; the rest of each slot's mass spread evenly. */
function slotsFrom(spec: ReadonlyArray<Record<string, number>>): Float32Array[] {
  return spec.map((chars) => {
    const row = new Float32Array(ALPHABET.length);
    const given = Object.values(chars).reduce((a, b) => a + b, 0);
    const rest = (1 - given) / (ALPHABET.length - Object.keys(chars).length);
    for (let k = 0; k < ALPHABET.length; k += 1) row[k] = chars[ALPHABET[k] as string] ?? rest;
    return row;
  });
}

const sure = (text: string) => [...text].map((char) => ({ [char]: 0.97 }));

describe('decoding the recogniser output', () => {
  it('drops the padding symbol wherever it is', () => {
    expect(stripPadding('ABC1234__')).toBe('ABC1234');
    expect(stripPadding('_AB_12___')).toBe('AB12');
  });

  it('reads the best symbol per slot and averages their probabilities', () => {
    const read = greedyRead(slotsFrom(sure('KXR4821__')));
    expect(read.plate).toBe('KXR4821');
    expect(read.confidence).toBeCloseTo(0.97, 5);
  });

  it('softmaxes raw logits but leaves probabilities alone', () => {
    const logits = new Float32Array(9 * 37).fill(-5);
    logits[ALPHABET.indexOf('A')] = 5;
    const slots = toSlotProbabilities(logits);
    expect(slots[0]?.[ALPHABET.indexOf('A')]).toBeGreaterThan(0.99);
    const probabilities = slotsFrom(sure('A________')).flatMap((row) => [...row]);
    expect(toSlotProbabilities(probabilities)[0]?.[ALPHABET.indexOf('A')]).toBeCloseTo(0.97, 5);
  });
});

describe('ranking alternatives', () => {
  it('puts the greedy reading first and the runner-up symbol second', () => {
    const spec = sure('ABC1234__');
    spec[3] = { '1': 0.6, I: 0.35 };
    const candidates = rankCandidates(slotsFrom(spec));
    expect(candidates[0]?.plate).toBe('ABC1234');
    expect(candidates[1]?.plate).toBe('ABCI234');
    expect(candidates[0]!.score).toBeGreaterThan(candidates[1]!.score);
    expect(candidates.length).toBeLessThanOrEqual(5);
  });

  it.each([
    ['O', '0'],
    ['0', 'O'],
    ['I', '1'],
    ['B', '8'],
    ['S', '5'],
    ['G', '6'],
    ['Z', '2'],
    ['D', '0'],
  ])('offers %s ↔ %s as an alternative even when the model barely considers it', (seen, twin) => {
    const spec = sure(`KX${seen}4821__`);
    spec[2] = { [seen]: 0.9 };
    const plates = rankCandidates(slotsFrom(spec)).map((candidate) => candidate.plate);
    expect(plates[0]).toBe(`KX${seen}4821`);
    expect(plates).toContain(`KX${twin}4821`);
  });

  it('merges paths that collapse to the same text after padding removal', () => {
    const spec = sure('AB12345__');
    spec[7] = { _: 0.5, '6': 0.45 };
    const plates = rankCandidates(slotsFrom(spec)).map((candidate) => candidate.plate);
    expect(new Set(plates).size).toBe(plates.length);
    expect(plates.slice(0, 2)).toEqual(['AB12345', 'AB123456']);
  });

  it('scores are between 0 and 1 and sorted', () => {
    const candidates = rankCandidates(slotsFrom(sure('T647283C_')));
    for (const [i, candidate] of candidates.entries()) {
      expect(candidate.score).toBeGreaterThan(0);
      expect(candidate.score).toBeLessThanOrEqual(1);
      if (i > 0) expect(candidate.score).toBeLessThanOrEqual(candidates[i - 1]!.score);
    }
  });
});
