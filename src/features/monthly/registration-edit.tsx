/**
 * The registration after sign-up (spec 2 §2 "Monthly registration form", standalone mode; §4
 * "Registration form"): the "Registration Information" card loads the reservation's form and
 * saves it with PUT …/monthly-reservations/{id}/form (only the caller's own: the server answers
 * 404 otherwise). Vehicle details are read-only here, edited under Vehicles. The same rules as the
 * sign-up (`checkMonthlyForm`, shared with the server) run before anything is sent; an invalid
 * form says so, announced, and focus moves to the first invalid field.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { checkMonthlyForm, MONTHLY_SIGN_UP_MESSAGES, type MonthlyForm, type MonthlyFormErrors } from '../../contract/monthly-reservations';
import { getErrorMessage } from '../../lib/errors';
import { BusyButton } from '../../ui/busy-button';
import { monthlyReservationQueryOptions, saveRegistrationForm } from './monthly-api';
import { ownerFromCustomer, RegistrationForm } from './registration-form';

type Message = { kind: 'ok' | 'error'; text: string };

export function RegistrationEdit({ monthlyReservationId }: { monthlyReservationId: number }) {
  const queryClient = useQueryClient();
  const reservation = useQuery(monthlyReservationQueryOptions(monthlyReservationId));
  const [edited, setEdited] = useState<MonthlyForm>();
  const [sameAsCustomer, setSameAsCustomer] = useState(false);
  const [errors, setErrors] = useState<MonthlyFormErrors>({});
  const [message, setMessage] = useState<Message>();
  const save = useMutation({
    mutationFn: (form: MonthlyForm) => saveRegistrationForm(monthlyReservationId, form),
    onSuccess: (saved) => {
      queryClient.setQueryData(monthlyReservationQueryOptions(monthlyReservationId).queryKey, saved);
      setEdited(undefined);
      setMessage({ kind: 'ok', text: MONTHLY_SIGN_UP_MESSAGES.saved });
    },
    onError: (error) => setMessage({ kind: 'error', text: `${MONTHLY_SIGN_UP_MESSAGES.requestError}: ${getErrorMessage(error)}` }),
  });

  if (reservation.isPending) return <p className="page-pending">Loading your registration…</p>;
  if (reservation.isError) return <p className="form-message form-message--error" role="alert">{getErrorMessage(reservation.error)}</p>;
  // An office application has no registration form (the office handles it).
  const loaded = reservation.data.form;
  if (!loaded) return null;
  const form = edited ?? loaded;

  const change = (patch: Partial<MonthlyForm>) => {
    setMessage(undefined);
    setEdited((current) => {
      const next = { ...(current ?? loaded), ...patch };
      return sameAsCustomer ? { ...next, ...ownerFromCustomer(next) } : next;
    });
  };
  const submit = () => {
    const found = checkMonthlyForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setMessage({ kind: 'error', text: `Error: ${MONTHLY_SIGN_UP_MESSAGES.formInvalid}` });
      // Spec 2 §4: the page goes to the first invalid field.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.monthly-registration [aria-invalid="true"]')?.focus());
      return;
    }
    setMessage(undefined);
    save.mutate(form);
  };

  return (
    <div className="monthly-registration" data-testid="registration-edit">
      <RegistrationForm
        form={form}
        errors={errors}
        onChange={change}
        vehicles={[]}
        sameAsCustomer={sameAsCustomer}
        onSameAsCustomer={(value) => {
          setSameAsCustomer(value);
          if (value) setEdited((current) => ({ ...(current ?? loaded), ...ownerFromCustomer(current ?? loaded) }));
        }}
        isVehicleReadOnly
      />
      {message && (
        <p className={`form-message form-message--${message.kind === 'ok' ? 'success' : 'error'}`} role={message.kind === 'ok' ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      <BusyButton type="button" isBusy={save.isPending} label="Save Registration Information" onClick={submit} />
    </div>
  );
}
