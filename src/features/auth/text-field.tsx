/** A labelled input with its "Error: …" message (spec 2 §5), for the sign-in forms. */
import type { InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> & {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  isRequired?: boolean;
};

export function TextField({ id, label, value, onValueChange, error, isRequired = true, ...inputProps }: Props) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {isRequired ? ' *' : ''}
      </label>
      <input
        id={id}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onValueChange(event.target.value)}
        {...inputProps}
      />
      {error && (
        <p id={errorId} className="field__error" role="alert">
          Error: {error}
        </p>
      )}
    </div>
  );
}

/**
 * A form-level message, shown exactly as the catalogue has it: spec 2 §8 texts carry their own
 * "Error: " prefix where the spec has one (field messages above always get it).
 */
export function FormMessage({ kind, children }: { kind: 'error' | 'notice' | 'success'; children: string }) {
  return (
    <p className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
