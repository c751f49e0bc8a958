/**
 * The plate check on the retrieve-car and pay-for-parking screens (spec 3 §4, §8). The driver
 * types the plate of their car; the server compares it with the car the garage recorded on the
 * ticket (signed in, their vehicles are compared without typing). On a mismatch the popup text
 * offers Continue (go on with that plate: the ticket is charged the minimum rate and reviewed by
 * the audit team) or Go Back; a ticket under review shows the plate mismatch warning.
 */
import { useId, useState, type FormEvent } from 'react';
import { enteredPlateSchema, type RetrieveCarSession } from '../../contract/tickets';
import * as v from 'valibot';
import { offlineAlert, ticketAlertFor, type TicketAlert } from './ticket-alert';
import { plateWarningFor, type PlateCheck } from './ticket-balance';
import { CodeInput, FieldError } from '../../ui/code-input';
import { TicketAlertDialog } from './ticket-dialog';
import { TICKET_TEXT } from './ticket-messages';
import { checkPlate, confirmPlate } from './tickets-api';

type Props = { ticket: RetrieveCarSession; onChange: (ticket: RetrieveCarSession) => void };

export function PlateCheckCard({ ticket, onChange }: Props) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [check, setCheck] = useState<PlateCheck>();
  const [alert, setAlert] = useState<TicketAlert>();
  const [isBusy, setIsBusy] = useState(false);
  const warning = plateWarningFor(ticket, check);

  /** `shouldStore`: the answer re-prices the ticket (confirm-plate); a plain check only answers for its plate. */
  const run = async (action: () => Promise<RetrieveCarSession>, shouldStore: boolean): Promise<RetrieveCarSession | undefined> => {
    const offline = offlineAlert();
    if (offline) return (setAlert(offline), undefined);
    setIsBusy(true);
    try {
      const session = await action();
      if (shouldStore) onChange(session);
      return session;
    } catch (caught: unknown) {
      setAlert(ticketAlertFor(caught));
      return undefined;
    } finally {
      setIsBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(enteredPlateSchema, value);
    if (!parsed.success) return setError(parsed.issues[0].message);
    setError(undefined);
    const session = await run(() => checkPlate(ticket.ticketNumber, parsed.output), false);
    if (session) setCheck({ plate: parsed.output, isMismatch: session.isPlateMismatch });
  };

  const goOn = async () => {
    if (check) await run(() => confirmPlate(ticket.ticketNumber, check.plate), true);
  };

  if (ticket.status === 'exited' || ticket.isMonthlyTicket) return null;
  return (
    <section className="ticket-card" aria-label="Plate check">
      {warning === 'audit' && (
        <p className="ticket-notice ticket-notice--warning" role="alert" data-testid="plate-warning">
          {TICKET_TEXT.plateMismatch}
        </p>
      )}
      {warning === 'warning' && (
        <div className="ticket-notice ticket-notice--warning" role="alert" data-testid="plate-warning">
          <p>{TICKET_TEXT.plateMismatchPopup}</p>
          {check?.isMismatch && ticket.amountPaid === 0 && ticket.status === 'open' && (
            <div className="ticket-form__row">
              <button type="button" className="button" disabled={isBusy} onClick={() => void goOn()}>
                Continue
              </button>
              <button type="button" className="button button--secondary" onClick={() => (setCheck(undefined), setValue(''))}>
                Go Back
              </button>
            </div>
          )}
        </div>
      )}
      {warning !== 'audit' && (
        <form className="ticket-form" onSubmit={(event) => void submit(event)} noValidate>
          <label htmlFor={`${id}-plate`}>{TICKET_TEXT.plateLabel}</label>
          <p className="ticket-form__hint" id={`${id}-hint`}>
            {TICKET_TEXT.plateHint}
          </p>
          <div className="ticket-form__row">
            <CodeInput
              id={`${id}-plate`}
              value={value}
              // Room for a 10-character plate typed the way it is printed ("ABC 1234", "NJ-K48 21").
              maxLength={16}
              aria-describedby={`${id}-hint`}
              error={error}
              onValueChange={(next) => (setValue(next.toUpperCase()), setError(undefined))}
            />
            <button type="submit" className="button button--secondary" disabled={isBusy}>
              Check Plate
            </button>
          </div>
          <FieldError inputId={`${id}-plate`} error={error} />
        </form>
      )}
      {alert && <TicketAlertDialog title={alert.title} message={alert.message} onClose={() => setAlert(undefined)} />}
    </section>
  );
}
