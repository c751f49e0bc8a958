import { describe, expect, it } from 'vitest';
import { checkVehicle, toNewYorkDate, VEHICLE_MESSAGES, vehicleYearOptions, type VehicleBody } from './vehicles.ts';
import { findRegion, regionName } from './vehicle-regions.ts';

const TODAY = '2026-11-23';
const valid: VehicleBody = {
  licensePlate: 'abc1234', vehicleTypeId: 1, make: 'Toyota', model: 'Camry', country: 'United States',
  state: 'NY', color: 'Silver', year: 2019,
};

function errorsOf(body: VehicleBody) {
  const result = checkVehicle(body, TODAY);
  return result.success ? {} : result.errors;
}

describe('checkVehicle', () => {
  it('accepts a complete vehicle, upper-casing the plate and applying the defaults', () => {
    const result = checkVehicle({ ...valid, country: undefined, isOversized: undefined }, TODAY);
    expect(result).toEqual({
      success: true,
      output: {
        licensePlate: 'ABC1234', vehicleTypeId: 1, make: 'Toyota', model: 'Camry', country: 'United States', state: 'NY',
        color: 'Silver', year: 2019, nickname: null, removalDate: null, isOversized: false, isTemporary: false,
      },
    });
  });

  it('gives the spec text for every missing required field: plate, type and state; year, make, model and colour are optional (decision 0111)', () => {
    expect(errorsOf({ vehicleTypeId: null, state: 'null' })).toEqual({
      licensePlate: 'License Plate field is required',
      vehicleTypeId: 'Vehicle Type is required',
      state: 'State field is required',
    });
  });

  it('allows letters and digits only, 1 to 10 of them', () => {
    // Written the way plates are printed: spaces and dashes go, other characters are refused.
    expect(errorsOf({ ...valid, licensePlate: 'ABC-123' }).licensePlate).toBeUndefined();
    expect(errorsOf({ ...valid, licensePlate: 'AB 123' }).licensePlate).toBeUndefined();
    expect(errorsOf({ ...valid, licensePlate: 'AB#123' }).licensePlate).toBe('License Plate must contain only letters and numbers');
    expect(errorsOf({ ...valid, licensePlate: 'A1234567890' }).licensePlate).toBe(VEHICLE_MESSAGES.plateLength);
    expect(errorsOf({ ...valid, licensePlate: ' a ' }).licensePlate).toBeUndefined();
    expect(errorsOf({ ...valid, licensePlate: 'ABCDE12345' }).licensePlate).toBeUndefined();
  });

  it('checks the state against the list of a listed country and accepts free text elsewhere', () => {
    expect(errorsOf({ ...valid, state: 'XX' }).state).toMatch(/United States abbreviations/);
    expect(checkVehicle({ ...valid, state: 'new jersey' }, TODAY)).toMatchObject({ output: { state: 'NJ' } });
    expect(checkVehicle({ ...valid, country: 'canada', state: 'on' }, TODAY)).toMatchObject({ output: { country: 'Canada', state: 'ON' } });
    expect(checkVehicle({ ...valid, country: 'Mexico', state: 'Jalisco' }, TODAY)).toMatchObject({ output: { state: 'JAL' } });
    expect(errorsOf({ ...valid, country: 'Canada', state: 'NY' }).state).toMatch(/Canada/);
    expect(checkVehicle({ ...valid, country: 'Germany', state: 'Bayern' }, TODAY)).toMatchObject({ output: { country: 'Germany', state: 'Bayern' } });
  });

  it('takes the current New York year and the 94 before it', () => {
    expect(errorsOf({ ...valid, year: 2026 }).year).toBeUndefined();
    expect(errorsOf({ ...valid, year: '1932' }).year).toBeUndefined();
    expect(errorsOf({ ...valid, year: 1931 }).year).toBe('Vehicle Year must be between 1932 and 2026');
    expect(errorsOf({ ...valid, year: 2027 }).year).toBe('Vehicle Year must be between 1932 and 2026');
    expect(vehicleYearOptions(2026)).toHaveLength(95);
    expect(vehicleYearOptions(2026).at(-1)).toBe(1932);
  });

  it('requires a removal date, not before today, only for a temporary vehicle', () => {
    expect(errorsOf({ ...valid, isTemporary: true }).removalDate).toBe('Removal Date is required');
    expect(errorsOf({ ...valid, isTemporary: true, removalDate: '2026-11-22' }).removalDate).toBe('Removal Date cannot be before today');
    expect(checkVehicle({ ...valid, isTemporary: true, removalDate: '2026-11-23' }, TODAY)).toMatchObject({ output: { removalDate: '2026-11-23' } });
    expect(checkVehicle({ ...valid, isTemporary: false, removalDate: '2020-01-01' }, TODAY)).toMatchObject({ output: { removalDate: null } });
    expect(errorsOf({ ...valid, isTemporary: true, removalDate: '2026-02-30' }).removalDate).toMatch(/must be a date/);
  });

  it('checks make length, colour list and the vehicle type', () => {
    expect(errorsOf({ ...valid, make: 'T' }).make).toBe('Vehicle Make must be at least 2 characters');
    expect(errorsOf({ ...valid, color: 'Mauve' }).color).toMatch(/must be one of/);
    expect(checkVehicle({ ...valid, color: 'silver' }, TODAY)).toMatchObject({ output: { color: 'Silver' } });
    expect(errorsOf({ ...valid, vehicleTypeId: 99 }).vehicleTypeId).toMatch(/must be one of/);
    expect(checkVehicle({ ...valid, vehicleTypeId: undefined }, TODAY)).toMatchObject({ output: { vehicleTypeId: 1 } });
  });
});

describe('dates and regions', () => {
  it('uses the New York calendar day', () => {
    expect(toNewYorkDate(new Date('2027-01-01T03:00:00Z'))).toBe('2026-12-31');
    expect(toNewYorkDate(new Date('2026-11-23T19:00:00Z'))).toBe('2026-11-23');
  });

  it('finds regions by abbreviation or name and shows full names', () => {
    expect(findRegion('United States', 'ny')?.name).toBe('New York');
    expect(regionName('Canada', 'QC')).toBe('Quebec');
    expect(regionName('Germany', 'BY')).toBe('BY');
  });
});
