/**
 * A text box for a code the driver reads off paper or a sign (ticket number, discount code,
 * plate): no autocomplete or spell check, capitals on phone keyboards, and wired to its error
 * (`FieldError`, which shows the spec's "Error: " prefix; until there is one, a given
 * aria-describedby, e.g. a hint, describes the box).
 */
import type { InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> & {
  id: string;
  value: string;
  error: string | undefined;
  onValueChange: (value: string) => void;
};

export const fieldErrorId = (inputId: string) => `${inputId}-error`;

export function CodeInput({ id, error, onValueChange, ...rest }: Props) {
  return (
    <input
      {...rest}
      id={id}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? fieldErrorId(id) : rest['aria-describedby']}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}

export function FieldError({ inputId, error }: { inputId: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p className="form-error" id={fieldErrorId(inputId)}>
      Error: {error}
    </p>
  );
}
