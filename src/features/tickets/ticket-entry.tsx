/**
 * Enter or scan a ticket (the entry screens of retrieve-car, pay-for-parking and leavefast):
 * a typed ticket number checked with the shared rule, and a link to the camera scanner. Typing
 * is forgiving (case, spaces, dashes; a 23-digit number in groups fits the box) and a typed
 * value gets field messages, never the scanner's "Invalid QR Code".
 */
import { Link, useRouter } from '@tanstack/react-router';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { parseTypedTicketNumber, TYPED_TICKET_MAX_LENGTH } from '../../contract/tickets';
import { CodeInput, FieldError } from '../../ui/code-input';
import './tickets.css';

export type TicketEntryProps = {
  title: string;
  intro: string;
  /** The scanner for this flow, e.g. "/leavefast/scan?type=choose". */
  scanHref: string;
  onTicket: (ticketNumber: string) => void;
  children?: ReactNode;
};

export function TicketEntry({ title, intro, scanHref, onTicket, children }: TicketEntryProps) {
  const id = useId();
  const router = useRouter();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = parseTypedTicketNumber(value);
    if (result.ok) return onTicket(result.ticketNumber);
    setError(result.message);
  };

  return (
    <section className="ticket-page">
      <h1>{title}</h1>
      <p>{intro}</p>
      <button type="button" className="button" onClick={() => void router.navigate({ href: scanHref })}>
        Scan Ticket QR Code
      </button>
      <form className="ticket-form ticket-card" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-ticket`}>Ticket number</label>
        <div className="ticket-form__row">
          <CodeInput
            id={`${id}-ticket`}
            name="ticketNumber"
            value={value}
            maxLength={TYPED_TICKET_MAX_LENGTH}
            error={error}
            onValueChange={(next) => (setValue(next), setError(undefined))}
          />
          <button type="submit" className="button">
            Continue
          </button>
        </div>
        <FieldError inputId={`${id}-ticket`} error={error} />
      </form>
      {children}
      <p>
        <Link to="/">Back to Home</Link>
      </p>
    </section>
  );
}
