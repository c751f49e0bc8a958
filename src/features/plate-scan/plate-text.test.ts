import { describe, expect, it } from 'vitest';
import { isPlausiblePlate, normalizePlate } from './plate-text';

describe('normalizePlate', () => {
  it('upper-cases and keeps only letters and digits', () => {
    expect(normalizePlate(' kxr-4821 ')).toBe('KXR4821');
    expect(normalizePlate('ab·12 345')).toBe('AB12345');
    expect(normalizePlate('é$%')).toBe('');
  });

  it('keeps at most 10 characters', () => {
    expect(normalizePlate('ABCDEFGHIJKLMN')).toBe('ABCDEFGHIJ');
  });

  it('knows a plausible plate', () => {
    expect(isPlausiblePlate('T647283C')).toBe(true);
    expect(isPlausiblePlate('')).toBe(false);
    expect(isPlausiblePlate('abc')).toBe(false);
  });
});
