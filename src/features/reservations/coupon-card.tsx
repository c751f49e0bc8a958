/**
 * "Apply Coupon Code" (spec 2 §2 "Coupon card", §5 "Coupon"): the typed code is upper-cased with
 * spaces and hyphens stripped, at most 40 characters; an empty code only focuses the input. Once
 * applied the code is read-only with Remove. The page applies it again to every new rate (a time
 * change), and shows the server's message when it is refused.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { COUPON_MAX_LENGTH, normalizeCouponCode } from './coupon-code';

type Props = { applied: string | null; error: string | null; isChecking: boolean; onApply: (code: string) => void; onRemove: () => void };

export function CouponCard({ applied, error, isChecking, onApply, onRemove }: Props) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = normalizeCouponCode(typed);
    if (!code) {
      inputRef.current?.focus();
      return;
    }
    setTyped(code);
    onApply(code);
  };
  return (
    <form className="reserve-card reserve-coupon" onSubmit={submit} noValidate>
      <h2>Apply Coupon Code</h2>
      <div className="reserve-coupon__row">
        <label htmlFor={`${id}-code`} className="visually-hidden">Coupon code</label>
        <input
          id={`${id}-code`}
          ref={inputRef}
          value={applied ?? typed}
          readOnly={applied !== null}
          maxLength={COUPON_MAX_LENGTH + 10}
          autoCapitalize="characters"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
        {applied === null ? (
          <button type="submit" className="button button--secondary" disabled={isChecking}>
            {isChecking ? 'Checking...' : 'Apply'}
          </button>
        ) : (
          <button type="button" className="button button--secondary" onClick={() => (setTyped(''), onRemove())}>
            Remove
          </button>
        )}
      </div>
      {applied && !error && <p className="reserve-coupon__applied" role="status">Coupon {applied} applied.</p>}
      {error && <p className="form-error" id={`${id}-error`} role="alert">{error}</p>}
    </form>
  );
}
