/**
 * "Apply Coupon Code" on a ticket (spec 3 §4, §5, §8): the code is normalised (upper-case, no
 * spaces or hyphens, at most 40), an empty code only focuses the input; apply and remove answer the
 * re-priced session. Failures show the server's message, otherwise the coupon failure text.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { COUPON_CODE_MAX_LENGTH, isDeveloperMessage, readTypedCoupon } from '../../contract/promotions';
import type { RetrieveCarSession } from '../../contract/tickets';
import { couponErrorText } from './ticket-alert';
import { TICKET_TEXT } from './ticket-messages';
import { applyCoupon, removeCoupon } from './tickets-api';

type Props = { ticket: RetrieveCarSession; onChange: (ticket: RetrieveCarSession) => void };

export function CouponCard({ ticket, onChange }: Props) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  const run = async (action: () => Promise<RetrieveCarSession>) => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return setError(TICKET_TEXT.networkText);
    setIsBusy(true);
    setError(undefined);
    try {
      onChange(await action());
      setValue('');
    } catch (caught: unknown) {
      // A boundary 400 is a developer's text: the driver reads the spec's coupon failure text instead.
      const text = couponErrorText(caught);
      setError(isDeveloperMessage(text) ? TICKET_TEXT.couponFailure : text);
    } finally {
      setIsBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = readTypedCoupon(value);
    if (input.kind === 'empty') return inputRef.current?.focus();
    if (input.kind === 'invalid') return setError(input.message);
    void run(() => applyCoupon(ticket.ticketNumber, input.code));
  };

  const applied = ticket.appliedPromotionCode;
  return (
    <section className="ticket-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Apply Coupon Code</h2>
      {applied ? (
        <div className="ticket-form__row">
          <p>
            Coupon <strong>{applied}</strong> applied.
          </p>
          <button type="button" className="button button--secondary" disabled={isBusy} onClick={() => void run(() => removeCoupon(ticket.ticketNumber, applied))}>
            Remove
          </button>
        </div>
      ) : (
        <form className="ticket-form" onSubmit={submit} noValidate>
          <label htmlFor={`${id}-code`}>Coupon code</label>
          <div className="ticket-form__row">
            <input
              ref={inputRef}
              id={`${id}-code`}
              name="couponCode"
              value={value}
              maxLength={COUPON_CODE_MAX_LENGTH + 10}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => (setValue(event.target.value), setError(undefined))}
            />
            <button type="submit" className="button" disabled={isBusy}>
              Apply
            </button>
          </div>
        </form>
      )}
      {error && (
        <p className="form-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
