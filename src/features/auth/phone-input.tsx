/**
 * Mobile phone field: a country list showing each dial code (United States first and default)
 * and the national number. The parent validates with checkPhone(number, country).
 */
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';
import { useMemo } from 'react';

const FIRST_COUNTRIES: CountryCode[] = ['US', 'CA', 'MX'];

function countryOptions(): { code: CountryCode; label: string }[] {
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : undefined;
  const label = (code: CountryCode) => `${names?.of(code) ?? code} (+${getCountryCallingCode(code)})`;
  const rest = getCountries()
    .filter((code) => !FIRST_COUNTRIES.includes(code))
    .map((code) => ({ code, label: label(code) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return [...FIRST_COUNTRIES.map((code) => ({ code, label: label(code) })), ...rest];
}

type Props = {
  id: string;
  country: CountryCode;
  number: string;
  onCountryChange: (country: CountryCode) => void;
  onNumberChange: (number: string) => void;
  isReadOnly?: boolean;
  error?: string | undefined;
};

export function PhoneInput({ id, country, number, onCountryChange, onNumberChange, isReadOnly = false, error }: Props) {
  const options = useMemo(countryOptions, []);
  const errorId = `${id}-error`;
  return (
    <div className="field field--phone">
      <label htmlFor={id}>Mobile Phone Number *</label>
      <div className="phone-input">
        <select
          aria-label="Country"
          value={country}
          disabled={isReadOnly}
          onChange={(event) => onCountryChange(event.target.value as CountryCode)}
        >
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </select>
        <span className="phone-input__dial-code" aria-hidden="true">
          +{getCountryCallingCode(country)}
        </span>
        <input
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={number}
          readOnly={isReadOnly}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onNumberChange(event.target.value)}
        />
      </div>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          Error: {error}
        </p>
      )}
    </div>
  );
}
