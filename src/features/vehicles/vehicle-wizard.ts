/**
 * The mobile add-vehicle wizard, as pure step logic. Spec 3 §2 has three steps (plate and state,
 * then year, then the rest); year, make, model and colour are optional now (issue 38 item 8,
 * decision 0111), so a driver at the gate saves from the first screen:
 *
 * - Step 1 holds the plate and where it was issued (country, then state: the state list depends on
 *   the country). Its submit is Save: the optional details are never in the way.
 * - Step 2 holds the optional details (type, year, make, model, colour, nickname, rental), reached
 *   by "Add year, make, model, color"; its submit is Save too.
 * - Save checks the current step's fields (the contract's rules, so the texts are the spec's) and
 *   stays with those errors shown; a broken field on the other step sends the driver there.
 * - Back returns to step 1; Back on step 1 leaves the screen by the screen's own rule (convert
 *   pass / backTo / the vehicle screen).
 * - A save that fails returns to step 1 (spec 3 §8).
 */
import type { VehicleField } from '../../contract/vehicles';

export const WIZARD_STEPS = [
  ['licensePlate', 'country', 'state'],
  ['vehicleTypeId', 'year', 'make', 'model', 'color', 'nickname', 'removalDate'],
] as const satisfies readonly (readonly VehicleField[])[];

export type WizardStep = 0 | 1;
export const LAST_WIZARD_STEP: WizardStep = 1;

export type FieldErrors = Partial<Record<VehicleField, string>>;

/** The errors of one step's fields only. */
export function errorsOfStep(step: WizardStep, errors: FieldErrors): FieldErrors {
  const fields: readonly VehicleField[] = WIZARD_STEPS[step];
  return Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field as VehicleField)));
}

export type SaveOutcome = { kind: 'stay'; errors: FieldErrors } | { kind: 'step'; step: WizardStep; errors: FieldErrors } | { kind: 'save' };

/** Save from a step: stay on it with its errors, go to the other step with its errors, or save. */
export function saveFromStep(step: WizardStep, allErrors: FieldErrors): SaveOutcome {
  const errors = errorsOfStep(step, allErrors);
  if (Object.keys(errors).length > 0) return { kind: 'stay', errors };
  const other = firstStepWithError(allErrors);
  return other === undefined ? { kind: 'save' } : { kind: 'step', step: other, errors: errorsOfStep(other, allErrors) };
}

export type BackOutcome = { kind: 'step'; step: WizardStep } | { kind: 'leave' };

export function backFromStep(step: WizardStep): BackOutcome {
  return step > 0 ? { kind: 'step', step: 0 } : { kind: 'leave' };
}

export function firstStepWithError(errors: FieldErrors): WizardStep | undefined {
  const index = WIZARD_STEPS.findIndex((fields) => fields.some((field) => errors[field]));
  return index < 0 ? undefined : (index as WizardStep);
}

export const wizardStepLabel = (step: WizardStep): string => (step === 0 ? 'Your plate' : 'Vehicle details (optional)');
