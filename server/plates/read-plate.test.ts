import { describe, expect, it } from 'vitest';
import { lengthRank, orderReads, padBox, withOtherBoxes, type PlateRead } from './read-plate.ts';

describe('US plate sense', () => {
  it('ranks plate lengths: 5–8 first, then 2–4, then the rest', () => {
    expect(['ABC1234', 'T647283C', 'A12BCD', 'AB12', 'X', 'ABCDEFGHI'].map(lengthRank)).toEqual([0, 0, 0, 1, 2, 2]);
  });

  it('puts US plate lengths first, then the most confident reading, whatever its letter/digit shape', () => {
    const ordered = orderReads([
      { plate: 'EXIT', confidence: 0.99 },
      { plate: 'BZ09381', confidence: 0.93 },
      { plate: 'P2LEVEL2', confidence: 0.98 },
      { plate: '12221133', confidence: 0.8 },
    ]);
    expect(ordered.map((read) => read.plate)).toEqual(['P2LEVEL2', 'BZ09381', '12221133', 'EXIT']);
  });

  it('pads a box by fractions of its size, clamped to the photo', () => {
    expect(padBox({ xmin: 100, ymin: 100, xmax: 200, ymax: 140 }, { x: 0.1, y: 0.35 }, 1000, 1000)).toEqual({
      xmin: 90,
      ymin: 86,
      xmax: 210,
      ymax: 154,
    });
    expect(padBox({ xmin: 0, ymin: 0, xmax: 100, ymax: 40 }, { x: 0.5, y: 0.5 }, 120, 50)).toEqual({ xmin: 0, ymin: 0, xmax: 120, ymax: 50 });
  });

  it("gives the first result the other boxes' plates as alternatives, ranked with its own by score", () => {
    const box = { xmin: 0, ymin: 0, xmax: 10, ymax: 5 };
    const read = (plate: string, score: number, near: [string, number][] = []): PlateRead => ({
      plate,
      score,
      box,
      candidates: [{ plate, score }, ...near.map(([alternative, alternativeScore]) => ({ plate: alternative, score: alternativeScore }))],
    });
    const [first, second] = withOtherBoxes([read('P2LEVEL2', 0.99, [['P2LEVE22', 0.4]]), read('KXR4821', 0.95), read('P2LEVEL2', 0.5)]);
    expect(first?.candidates.map((c) => c.plate)).toEqual(['P2LEVEL2', 'KXR4821', 'P2LEVE22']);
    expect(second?.candidates.map((c) => c.plate)).toEqual(['KXR4821']);
    expect(withOtherBoxes([read('A', 0.9, [['B', 0.8], ['C', 0.7]]), read('D', 0.85)], 3)[0]?.candidates.map((c) => c.plate)).toEqual(['A', 'D', 'B']);
    expect(withOtherBoxes([])).toEqual([]);
  });
});
