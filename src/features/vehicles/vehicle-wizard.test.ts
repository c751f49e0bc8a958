import { describe, expect, it } from 'vitest';
import { VEHICLE_MESSAGES } from '../../contract/vehicles';
import { emptyVehicleValues, checkVehicleValues, type VehicleFormValues } from './vehicle-form-model';
import { backFromStep, errorsOfStep, firstStepWithError, saveFromStep, WIZARD_STEPS, wizardStepLabel, type FieldErrors } from './vehicle-wizard';

const TODAY = '2026-11-23';
const errorsOf = (values: VehicleFormValues): FieldErrors => {
  const checked = checkVehicleValues(values, TODAY);
  return checked.success ? {} : checked.errors;
};
const plateOnly: VehicleFormValues = { ...emptyVehicleValues('GGN5493'), state: 'NY' };
const complete: VehicleFormValues = { ...plateOnly, year: '2019', make: 'Toyota', model: 'Camry', color: 'Silver' };

describe('the add-vehicle wizard on phones (decision 0111)', () => {
  it('asks plate and state first; everything else is the optional second step', () => {
    expect(WIZARD_STEPS[0]).toEqual(['licensePlate', 'country', 'state']);
    expect(WIZARD_STEPS[1]).toEqual(['vehicleTypeId', 'year', 'make', 'model', 'color', 'nickname', 'removalDate']);
    expect(wizardStepLabel(1)).toBe('Vehicle details (optional)');
  });

  it('covers every field of the form exactly once', () => {
    const fields = WIZARD_STEPS.flat();
    expect(new Set(fields).size).toBe(fields.length);
    expect([...fields].sort()).toEqual(['color', 'country', 'licensePlate', 'make', 'model', 'nickname', 'removalDate', 'state', 'vehicleTypeId', 'year']);
  });

  it('Save on an empty form complains only about the plate and state, with the spec texts', () => {
    expect(saveFromStep(0, errorsOf(emptyVehicleValues()))).toEqual({
      kind: 'stay',
      errors: { licensePlate: VEHICLE_MESSAGES.plateRequired, state: VEHICLE_MESSAGES.stateRequired },
    });
  });

  it('saves from the first step with the plate and state only: year, make, model and colour are optional', () => {
    expect(errorsOf(plateOnly)).toEqual({});
    expect(saveFromStep(0, errorsOf(plateOnly))).toEqual({ kind: 'save' });
    expect(saveFromStep(1, errorsOf(complete))).toEqual({ kind: 'save' });
  });

  it('details that are given are still checked', () => {
    expect(saveFromStep(1, errorsOf({ ...plateOnly, make: 'T' }))).toEqual({ kind: 'stay', errors: { make: VEHICLE_MESSAGES.makeLength } });
    expect(saveFromStep(1, errorsOf({ ...complete, isTemporary: true, removalDate: '2026-11-22' }))).toEqual({
      kind: 'stay',
      errors: { removalDate: VEHICLE_MESSAGES.removalDateBeforeToday },
    });
    // Saved from step 1 with a broken detail (filled earlier on step 2): the driver is sent there.
    expect(saveFromStep(0, errorsOf({ ...plateOnly, make: 'T' }))).toEqual({ kind: 'step', step: 1, errors: { make: VEHICLE_MESSAGES.makeLength } });
  });

  it('a save from the details with the plate broken goes back to the first step', () => {
    expect(saveFromStep(1, errorsOf({ ...complete, licensePlate: 'AB#1' }))).toEqual({
      kind: 'step',
      step: 0,
      errors: { licensePlate: VEHICLE_MESSAGES.plateCharacters },
    });
  });

  it('Back goes to the first step, and leaves the screen from there', () => {
    expect(backFromStep(1)).toEqual({ kind: 'step', step: 0 });
    expect(backFromStep(0)).toEqual({ kind: 'leave' });
  });

  it('finds the first step with an error and keeps errors to their step', () => {
    const errors: FieldErrors = { color: 'x', state: 'y' };
    expect(firstStepWithError(errors)).toBe(0);
    expect(firstStepWithError({ color: 'x' })).toBe(1);
    expect(firstStepWithError({})).toBeUndefined();
    expect(errorsOfStep(1, errors)).toEqual({ color: 'x' });
    expect(errorsOfStep(0, errors)).toEqual({ state: 'y' });
  });
});
