import { describe, expect, it } from 'vitest';
import { VEHICLE_MESSAGES } from '../../contract/vehicles';
import { emptyVehicleValues, checkVehicleValues, type VehicleFormValues } from './vehicle-form-model';
import { backFromStep, errorsOfStep, firstStepWithError, nextFromStep, WIZARD_STEPS, wizardStepLabel, type FieldErrors } from './vehicle-wizard';

const TODAY = '2026-11-23';
const errorsOf = (values: VehicleFormValues): FieldErrors => {
  const checked = checkVehicleValues(values, TODAY);
  return checked.success ? {} : checked.errors;
};
const complete: VehicleFormValues = { ...emptyVehicleValues('GGN5493'), state: 'NY', year: '2019', make: 'Toyota', model: 'Camry', color: 'Silver' };

describe('the 3-step add-vehicle wizard (spec 3 §2)', () => {
  it('asks plate and state first, then the year, then the rest', () => {
    expect(WIZARD_STEPS[0]).toEqual(['licensePlate', 'country', 'state']);
    expect(WIZARD_STEPS[1]).toEqual(['year']);
    expect(WIZARD_STEPS[2]).toEqual(['vehicleTypeId', 'make', 'model', 'color', 'nickname', 'removalDate']);
    expect(wizardStepLabel(1)).toBe('Step 2 of 3');
  });

  it('covers every field of the form exactly once', () => {
    const fields = WIZARD_STEPS.flat();
    expect(new Set(fields).size).toBe(fields.length);
    expect([...fields].sort()).toEqual(['color', 'country', 'licensePlate', 'make', 'model', 'nickname', 'removalDate', 'state', 'vehicleTypeId', 'year']);
  });

  it('Next on an empty form complains only about step 1, with the spec texts', () => {
    expect(nextFromStep(0, errorsOf(emptyVehicleValues()))).toEqual({
      kind: 'stay',
      errors: { licensePlate: VEHICLE_MESSAGES.plateRequired, state: VEHICLE_MESSAGES.stateRequired },
    });
  });

  it('Next moves on once the step is valid, even though later steps are still empty', () => {
    const stepOne = { ...emptyVehicleValues('ab12'), state: 'NJ' };
    expect(nextFromStep(0, errorsOf(stepOne))).toEqual({ kind: 'step', step: 1, errors: {} });
    expect(nextFromStep(1, errorsOf(stepOne))).toEqual({ kind: 'stay', errors: { year: VEHICLE_MESSAGES.yearRequired } });
    expect(nextFromStep(1, errorsOf({ ...stepOne, year: '2020' }))).toEqual({ kind: 'step', step: 2, errors: {} });
  });

  it('the last step saves only when everything is valid', () => {
    expect(nextFromStep(2, errorsOf(complete))).toEqual({ kind: 'save' });
    expect(nextFromStep(2, errorsOf({ ...complete, color: '' }))).toEqual({ kind: 'stay', errors: { color: VEHICLE_MESSAGES.colorRequired } });
    expect(nextFromStep(2, errorsOf({ ...complete, isTemporary: true, removalDate: '2026-11-22' }))).toEqual({
      kind: 'stay',
      errors: { removalDate: VEHICLE_MESSAGES.removalDateBeforeToday },
    });
  });

  it('a last step reached with an earlier field broken goes back to that step', () => {
    expect(nextFromStep(2, errorsOf({ ...complete, licensePlate: 'AB/1' }))).toEqual({
      kind: 'step',
      step: 0,
      errors: { licensePlate: VEHICLE_MESSAGES.plateCharacters },
    });
  });

  it('Back goes to the previous step, and leaves the screen from step 1', () => {
    expect(backFromStep(2)).toEqual({ kind: 'step', step: 1 });
    expect(backFromStep(1)).toEqual({ kind: 'step', step: 0 });
    expect(backFromStep(0)).toEqual({ kind: 'leave' });
  });

  it('finds the first step with an error and keeps errors to their step', () => {
    const errors: FieldErrors = { color: 'x', year: 'y' };
    expect(firstStepWithError(errors)).toBe(1);
    expect(firstStepWithError({})).toBeUndefined();
    expect(errorsOfStep(2, errors)).toEqual({ color: 'x' });
    expect(errorsOfStep(0, errors)).toEqual({});
  });
});
