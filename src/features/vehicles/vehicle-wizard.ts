/**
 * The mobile add-vehicle wizard (spec 3 §2 "Scan license / add vehicle": "On mobile this is a
 * 3-step wizard (plate and state, then year, then the rest)"), as pure step logic:
 *
 * - Step 1 holds the plate and where it was issued (country, then state: the state list depends on
 *   the country), step 2 the year, step 3 everything else.
 * - Next checks only the current step's fields (the contract's rules, so the texts are the
 *   spec's) and stays with those errors shown, or moves on; Next on the last step is Save.
 * - Back returns to the previous step; Back on step 1 leaves the screen by the screen's own rule
 *   (convert pass / backTo / the vehicle screen).
 * - A save that fails returns to step 1 (spec 3 §8); a save refused field by field goes to the
 *   first step with an error.
 */
import type { VehicleField } from '../../contract/vehicles';

export const WIZARD_STEPS = [
  ['licensePlate', 'country', 'state'],
  ['year'],
  ['vehicleTypeId', 'make', 'model', 'color', 'nickname', 'removalDate'],
] as const satisfies readonly (readonly VehicleField[])[];

export type WizardStep = 0 | 1 | 2;
export const LAST_WIZARD_STEP: WizardStep = 2;

export type FieldErrors = Partial<Record<VehicleField, string>>;

/** The errors of one step's fields only (the later steps' empty fields are not complained about yet). */
export function errorsOfStep(step: WizardStep, errors: FieldErrors): FieldErrors {
  const fields: readonly VehicleField[] = WIZARD_STEPS[step];
  return Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field as VehicleField)));
}

export type NextOutcome = { kind: 'stay'; errors: FieldErrors } | { kind: 'step'; step: WizardStep; errors: FieldErrors } | { kind: 'save' };

/** Next: stay on the step with its errors, go to the next step, or (on the last, all valid) save. */
export function nextFromStep(step: WizardStep, allErrors: FieldErrors): NextOutcome {
  const errors = errorsOfStep(step, allErrors);
  if (Object.keys(errors).length > 0) return { kind: 'stay', errors };
  if (step < LAST_WIZARD_STEP) return { kind: 'step', step: (step + 1) as WizardStep, errors: {} };
  // An earlier step can fail by the time of saving (its fields were edited in the wide layout,
  // or the form was refilled): go back to that step with its errors shown.
  const earlier = firstStepWithError(allErrors);
  return earlier === undefined ? { kind: 'save' } : { kind: 'step', step: earlier, errors: errorsOfStep(earlier, allErrors) };
}

export type BackOutcome = { kind: 'step'; step: WizardStep } | { kind: 'leave' };

export function backFromStep(step: WizardStep): BackOutcome {
  return step > 0 ? { kind: 'step', step: (step - 1) as WizardStep } : { kind: 'leave' };
}

export function firstStepWithError(errors: FieldErrors): WizardStep | undefined {
  const index = WIZARD_STEPS.findIndex((fields) => fields.some((field) => errors[field]));
  return index < 0 ? undefined : (index as WizardStep);
}

export const wizardStepLabel = (step: WizardStep): string => `Step ${step + 1} of ${WIZARD_STEPS.length}`;
