import { describe, expect, it } from 'vitest';
import { isPlateMismatch } from './plate-check.ts';

describe('isPlateMismatch (spec 3 §4)', () => {
  it('a typed plate must be the plate the garage recorded', () => {
    expect(isPlateMismatch('NYC4821', { typed: 'NYC4821' })).toBe(false);
    expect(isPlateMismatch('NYC4821', { typed: 'NYC4822' })).toBe(true);
    expect(isPlateMismatch(null, { typed: 'NYC4821' })).toBe(true);
  });
  it("otherwise one of the driver's vehicles must be the car on the ticket", () => {
    expect(isPlateMismatch('NYC4821', { vehiclePlates: ['ABC123', 'NYC4821'] })).toBe(false);
    expect(isPlateMismatch('NYC4821', { vehiclePlates: ['ABC123'] })).toBe(true);
    expect(isPlateMismatch(null, { vehiclePlates: ['ABC123'] })).toBe(true);
  });
  it('with nothing entered and no vehicles there is nothing to compare', () => {
    expect(isPlateMismatch('NYC4821', {})).toBe(false);
    expect(isPlateMismatch('NYC4821', { vehiclePlates: [] })).toBe(false);
  });
});
