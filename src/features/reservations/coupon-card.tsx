/**
 * "Apply Coupon Code" (spec 2 §2 "Coupon card", §5 "Coupon"): the typed code is upper-cased with
 * spaces and hyphens stripped, at most 40 characters; an empty code only focuses the input. Once
 * applied the code is read-only with Remove. The page applies it again to every new rate (a time
 * change), and shows the server's message when it is refused. A code that can be no coupon
 * ("NOPE!!") is refused here, and any message goes away as soon as the code is edited.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { readTypedCoupon } from '../../contract/promotions';
import { COUPON_MAX_LENGTH } from './coupon-code';

type Props = {
  applied: string | null;
  error: string | null;
  isChecking: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
  /** The driver changed the code: the page drops the server's refusal of the previous one. */
  onEdit: () => void;
};

export function CouponCard({ applied, error: refused, isChecking, onApply, onRemove, onEdit }: Props) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const error = invalid ?? refused;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = readTypedCoupon(typed);
    if (input.kind === 'empty') {
      inputRef.current?.focus();
      return;
    }
    if (input.kind === 'invalid') {
      setInvalid(input.message);
      return;
    }
    setTyped(input.code);
    onApply(input.code);
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
          onChange={(event) => (setTyped(event.target.value), setInvalid(null), onEdit())}
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
