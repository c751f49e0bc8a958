import { describe, expect, it } from 'vitest';
import { CAR_MAKES, findCarModels } from './car-makes.ts';

describe('car makes and models', () => {
  it('lists about forty makes alphabetically', () => {
    expect(CAR_MAKES.length).toBeGreaterThanOrEqual(40);
    expect([...CAR_MAKES].sort((a, b) => a.localeCompare(b))).toEqual(CAR_MAKES);
    expect(CAR_MAKES).toContain('Toyota');
  });

  it('finds models case-insensitively, and nothing for an unknown make', () => {
    expect(findCarModels('toyota')).toContain('Camry');
    expect(findCarModels(' Mercedes-Benz ')).toContain('GLE');
    expect(findCarModels('Studebaker')).toBeUndefined();
  });
});
