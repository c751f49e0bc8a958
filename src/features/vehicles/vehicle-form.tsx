/**
 * The one vehicle form (spec 2 §4 "Vehicle modal", §5 "Vehicle"; spec 3 §5 "Add vehicle"), used
 * by My Account's Add/Edit Vehicle modal and by park-and-pay's add-vehicle screen. Every rule is
 * the contract's `checkVehicle`, so the form shows the texts the server would answer with. It
 * saves (add, or update when given a vehicle), refreshes the cached list, then hands the saved
 * vehicle to `onSaved`; a failed save shows the spec's alert.
 *
 * `layout="wizard-on-mobile"` makes it the wizard below the 576 px breakpoint (see
 * vehicle-wizard.ts): the plate and state with Save, the optional details a tap away; wider
 * screens, and the modal, get the single form.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toNewYorkDate, type Vehicle } from '../../contract/vehicles';
import { addVehicle, invalidateVehicles, updateVehicle } from '../../lib/vehicles-api';
import { AlertModal } from '../../ui/modal-dialog';
import { VehicleFields, type FieldName } from './vehicle-fields';
import { changeVehicleValue, checkVehicleValues, emptyVehicleValues, valuesFromVehicle, type VehicleFormValues } from './vehicle-form-model';
import { offlineVehicleAlert, saveErrorAlert, VEHICLE_TEXT, type VehicleAlert } from './vehicle-messages';
import { backFromStep, firstStepWithError, saveFromStep, WIZARD_STEPS, wizardStepLabel, type FieldErrors, type WizardStep } from './vehicle-wizard';
import { MOBILE_MEDIA_QUERY, useMediaQuery } from '../../lib/use-media-query';
import './vehicles.css';

const ALL_FIELDS: readonly FieldName[] = ['licensePlate', 'vehicleTypeId', 'country', 'state', 'make', 'model', 'color', 'year', 'nickname', 'removalDate'];

export type VehicleFormProps = {
  /** Editing this vehicle; without it the form adds one. */
  vehicle?: Vehicle | undefined;
  /** A plate to start with (a scanned or typed plate). */
  licensePlate?: string | undefined;
  layout?: 'form' | 'wizard-on-mobile';
  onSaved: (vehicle: Vehicle) => void | Promise<void>;
  /** The way out of the form (Back link, Cancel button): beside Save, and on the wizard's first step. */
  leaveAction: ReactNode;
  /** More actions for the first screen (e.g. "Scan plate instead"). */
  extraActions?: ReactNode;
};

export function VehicleForm({ vehicle, licensePlate, layout = 'form', onSaved, leaveAction, extraActions }: VehicleFormProps) {
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  const isNarrow = useMediaQuery(MOBILE_MEDIA_QUERY);
  const isWizard = layout === 'wizard-on-mobile' && isNarrow;
  const [values, setValues] = useState<VehicleFormValues>(() => (vehicle ? valuesFromVehicle(vehicle) : emptyVehicleValues(licensePlate)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [step, setStep] = useState<WizardStep>(0);
  const [alert, setAlert] = useState<VehicleAlert>();
  const [isSaving, setIsSaving] = useState(false);
  /** Bumped when focus should move: to the first invalid field, else the step's first field. */
  const [focusRequest, setFocusRequest] = useState(0);
  const today = toNewYorkDate(new Date());

  useEffect(() => {
    if (focusRequest === 0) return;
    const form = formRef.current;
    const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>('input:not([type="search"]), select');
    target?.focus();
  }, [focusRequest]);

  const onChange = <K extends keyof VehicleFormValues>(key: K, value: VehicleFormValues[K]) => {
    setValues((current) => changeVehicleValue(current, key, value));
    setErrors((current) => ({ ...current, [key]: undefined, ...(key === 'isTemporary' ? { removalDate: undefined } : {}) }));
  };

  const save = async () => {
    const checked = checkVehicleValues(values, today, vehicle?.isOversized ?? false);
    if (!checked.success) {
      setErrors(checked.errors);
      setStep(firstStepWithError(checked.errors) ?? 0);
      setFocusRequest((n) => n + 1);
      return;
    }
    const offline = offlineVehicleAlert();
    if (offline) return setAlert(offline);
    setIsSaving(true);
    try {
      const saved = vehicle ? await updateVehicle(vehicle.vehicleId, checked.output) : await addVehicle(checked.output);
      await invalidateVehicles(queryClient);
      await onSaved(saved);
    } catch (error: unknown) {
      setAlert(saveErrorAlert(error));
      // Spec 3 §8: a failed save returns the wizard to step 1 (where the plate is).
      setStep(0);
    } finally {
      setIsSaving(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    if (!isWizard) return void save();
    const outcome = saveFromStep(step, collectErrors(values, today));
    if (outcome.kind === 'save') return void save();
    setErrors(outcome.errors);
    if (outcome.kind === 'step') setStep(outcome.step);
    setFocusRequest((n) => n + 1);
  };

  const toDetails = () => {
    setStep(1);
    setErrors({});
    setFocusRequest((n) => n + 1);
  };

  const onBack = () => {
    const outcome = backFromStep(step);
    if (outcome.kind === 'step') {
      setStep(outcome.step);
      setErrors({});
      setFocusRequest((n) => n + 1);
    }
  };

  const isFirstScreen = !isWizard || step === 0;
  return (
    <form ref={formRef} className={`vehicle-form${isWizard ? ' vehicle-form--wizard' : ''}`} onSubmit={submit} noValidate aria-busy={isSaving}>
      {isWizard && (
        <p className="vehicle-form__step" aria-live="polite">
          {wizardStepLabel(step)}
        </p>
      )}
      <div className="vehicle-form__fields">
        <VehicleFields idPrefix={idPrefix} names={isWizard ? WIZARD_STEPS[step] : ALL_FIELDS} values={values} errors={errors} today={today} onChange={onChange} />
      </div>
      <div className="vehicle-form__actions">
        <button type="submit" className="button" disabled={isSaving}>
          {isSaving ? VEHICLE_TEXT.saving : VEHICLE_TEXT.save}
        </button>
        {isWizard && step === 0 && (
          <button type="button" className="button button--secondary" onClick={toDetails}>
            {VEHICLE_TEXT.addDetails}
          </button>
        )}
        {isFirstScreen ? leaveAction : (
          <button type="button" className="button button--secondary" onClick={onBack}>
            {VEHICLE_TEXT.back}
          </button>
        )}
        {isFirstScreen && extraActions}
      </div>
      {alert && (
        <AlertModal title={alert.title} message={alert.message} onClose={() => setAlert(undefined)}>
          {alert.hasContactLink && (
            <p>
              <Link to="/$page" params={{ page: 'contact-us' }}>Contact us</Link>
            </p>
          )}
        </AlertModal>
      )}
    </form>
  );
}

function collectErrors(values: VehicleFormValues, today: string): FieldErrors {
  const checked = checkVehicleValues(values, today);
  return checked.success ? {} : checked.errors;
}
