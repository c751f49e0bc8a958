import { describe, expect, it } from 'vitest';
import { VEHICLE_MESSAGES, type Vehicle } from '../../contract/vehicles';
import { autoPickedRegion, changeVehicleValue, checkVehicleValues, emptyVehicleValues, searchRegions, toVehicleBody, valuesFromVehicle } from './vehicle-form-model';

const saved: Vehicle = {
  vehicleId: 7, licensePlate: 'ABC1234', make: 'Toyota', model: 'Camry', country: 'United States', state: 'NY', color: 'Silver', year: 2019,
  nickname: 'Work car', removalDate: null, isOversized: true, isTemporary: false, vehicleTypeId: 1, vehicleTypeName: 'Car/Truck', isTicketed: false, originalLicensePlate: 'ABC1234',
};

describe('vehicle form values', () => {
  it('starts as a Car/Truck in the United States with the plate upper-cased', () => {
    expect(emptyVehicleValues(' ab12c ')).toMatchObject({ licensePlate: 'AB12C', vehicleTypeId: '1', country: 'United States', state: '', isTemporary: false });
  });

  it('upper-cases the plate as typed', () => {
    expect(changeVehicleValue(emptyVehicleValues(), 'licensePlate', 'nyc9x').licensePlate).toBe('NYC9X');
  });

  it('clears the state when the country changes, the model when the make changes, both when the type changes', () => {
    const values = { ...emptyVehicleValues(), state: 'NY', make: 'Honda', model: 'Civic' };
    expect(changeVehicleValue(values, 'country', 'Canada').state).toBe('');
    expect(changeVehicleValue(values, 'country', 'United States').state).toBe('NY');
    expect(changeVehicleValue(values, 'make', 'Toyota')).toMatchObject({ make: 'Toyota', model: '' });
    expect(changeVehicleValue(values, 'vehicleTypeId', '2')).toMatchObject({ make: '', model: '' });
  });

  it('loads a saved vehicle without losing its state, and turns a "null" state into empty', () => {
    expect(valuesFromVehicle(saved)).toMatchObject({ state: 'NY', year: '2019', nickname: 'Work car', vehicleTypeId: '1' });
    expect(valuesFromVehicle({ ...saved, state: 'New Jersey' }).state).toBe('NJ');
    expect(valuesFromVehicle({ ...saved, state: 'null' }).state).toBe('');
    expect(valuesFromVehicle({ ...saved, country: 'Germany', state: 'Bavaria' })).toMatchObject({ country: 'Germany', state: 'Bavaria' });
  });

  it('reads a vehicle saved without its optional details as empty fields, not "null"', () => {
    expect(valuesFromVehicle({ ...saved, make: null, model: null, color: null, year: null })).toMatchObject({ make: '', model: '', color: '', year: '' });
  });

  it('sends a removal date only for a rental and an empty nickname as null', () => {
    const values = { ...valuesFromVehicle(saved), nickname: '  ', removalDate: '2026-12-01' };
    expect(toVehicleBody(values)).toMatchObject({ nickname: null, removalDate: null, isTemporary: false });
    expect(toVehicleBody({ ...values, isTemporary: true }, true)).toMatchObject({ removalDate: '2026-12-01', isOversized: true });
  });

  it('checks every rule through the contract', () => {
    const checked = checkVehicleValues({ ...emptyVehicleValues(), isTemporary: true }, '2026-11-23');
    expect(checked.success).toBe(false);
    if (checked.success) return;
    expect(checked.errors).toMatchObject({ licensePlate: VEHICLE_MESSAGES.plateRequired, removalDate: VEHICLE_MESSAGES.removalDateRequired });
    // Year, make, model and colour are optional (decision 0111).
    expect(checked.errors).not.toHaveProperty('year');
    expect(checked.errors).not.toHaveProperty('make');
    const ok = checkVehicleValues(valuesFromVehicle(saved), '2026-11-23', true);
    expect(ok.success && ok.output).toMatchObject({ licensePlate: 'ABC1234', year: 2019, isOversized: true });
  });
});

describe('searchable state list', () => {
  it('lists every region of the country when nothing is typed', () => {
    expect(searchRegions('Canada', '')).toHaveLength(13);
    expect(searchRegions('United States', '').length).toBeLessThanOrEqual(100);
  });

  it('finds US states by name or abbreviation, the exact abbreviation first', () => {
    expect(searchRegions('United States', 'ny').map((r) => r.abbreviation)[0]).toBe('NY');
    expect(searchRegions('United States', 'jersey').map((r) => r.abbreviation)).toEqual(['NJ']);
    expect(searchRegions('United States', 'new').map((r) => r.abbreviation)).toEqual(expect.arrayContaining(['NY', 'NJ', 'NH', 'NM']));
  });

  it('matches Canada and Mexico by name only, ignoring accents', () => {
    expect(searchRegions('Canada', 'ont').map((r) => r.abbreviation)).toEqual(['ON']);
    expect(searchRegions('Canada', 'qc')).toEqual([]);
    expect(searchRegions('Mexico', 'nuevo leon').map((r) => r.abbreviation)).toEqual(['NLE']);
  });

  it('settles on the only match, or an exact US abbreviation', () => {
    expect(autoPickedRegion('United States', 'nj')).toBe('NJ');
    expect(autoPickedRegion('United States', 'jersey')).toBe('NJ');
    expect(autoPickedRegion('United States', 'new')).toBeUndefined();
    expect(autoPickedRegion('Canada', 'ontario')).toBe('ON');
    expect(autoPickedRegion('Canada', 'on')).toBeUndefined();
    expect(autoPickedRegion('Mexico', ' ')).toBeUndefined();
  });

  it('keeps the chosen region in the list', () => {
    expect(searchRegions('United States', 'texas', 'NY').map((r) => r.abbreviation)).toEqual(['NY', 'TX']);
  });
});
