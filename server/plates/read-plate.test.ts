import { describe, expect, it } from 'vitest';
import { countRuns, formatRank, lengthRank, orderReads, padBox } from './read-plate.ts';

describe('US plate sense', () => {
  it('ranks plate lengths: 5–8 first, then 2–4, then the rest', () => {
    expect(['ABC1234', 'T647283C', 'A12BCD', 'AB12', 'X', 'ABCDEFGHI'].map(lengthRank)).toEqual([0, 0, 0, 1, 2, 2]);
  });

  it('counts letter/digit blocks', () => {
    expect(countRuns('ABC1234')).toBe(2);
    expect(countRuns('T647283C')).toBe(3);
    expect(countRuns('P2LEVEL2')).toBe(4);
  });

  it('prefers a plate-shaped reading over a sign of equal confidence', () => {
    const ordered = orderReads([
      { plate: 'P2LEVEL2', confidence: 0.99 },
      { plate: 'BZ09381', confidence: 0.98 },
      { plate: 'EXIT', confidence: 0.99 },
    ]);
    expect(ordered.map((read) => read.plate)).toEqual(['BZ09381', 'P2LEVEL2', 'EXIT']);
    expect(formatRank('KXR4821')).toBe(0);
  });

  it('does not let a doubtful plate-shaped reading beat a confident one', () => {
    const ordered = orderReads([
      { plate: '12221133', confidence: 0.4 },
      { plate: '5AU5341', confidence: 0.95 },
    ]);
    expect(ordered[0]?.plate).toBe('5AU5341');
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
});
