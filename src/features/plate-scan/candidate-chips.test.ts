import { describe, expect, it } from 'vitest';
import type { PlateResult } from '../../contract/plates';
import { buildCandidateChips } from './candidate-chips';

const result = (plate: string, candidates: string[]): PlateResult => ({
  plate,
  score: 0.9,
  box: { xmin: 0, ymin: 0, xmax: 1, ymax: 1 },
  candidates: candidates.map((candidate, i) => ({ plate: candidate, score: 0.9 - i / 10 })),
});

describe('alternative chips', () => {
  it('lists the ranked alternatives without the current reading', () => {
    expect(buildCandidateChips([result('TO10236C', ['TO10236C', 'T010236C', 'TO102360'])], 'TO10236C')).toEqual(['T010236C', 'TO102360']);
  });

  it('adds other plates found in the frame, ranked with the alternatives by score, without duplicates, up to the limit', () => {
    const results = [result('ABC1234', ['ABC1234', 'A8C1234', 'ABC1234']), result('XYZ987', ['XYZ987'])];
    expect(buildCandidateChips(results, 'ABC1234')).toEqual(['XYZ987', 'A8C1234']);
    expect(buildCandidateChips([result('A', ['A', 'B', 'C', 'D', 'E', 'F'])], 'A', 3)).toEqual(['B', 'C', 'D']);
  });

  it('offers the reading back when the driver has edited it away', () => {
    expect(buildCandidateChips([result('ABC1234', ['ABC1234', 'A8C1234'])], 'ABC12')).toEqual(['ABC1234', 'A8C1234']);
  });

  it('is empty with no results', () => {
    expect(buildCandidateChips([], '')).toEqual([]);
  });

  it("keeps another box's plate one tap away when a sign was read first", () => {
    const sign = result('P2LEVEL2', ['P2LEVEL2', 'P2LEVE22', 'P2LEVFL2', 'B2LEVEL2', 'P2LEVEL']);
    const plate = { ...result('KXR4821', ['KXR4821']), score: 0.95 };
    expect(buildCandidateChips([sign, plate], 'P2LEVEL2')).toContain('KXR4821');
  });
});
