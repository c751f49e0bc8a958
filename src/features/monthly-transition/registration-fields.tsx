/**
 * The monthly registration form (spec 2 "Monthly registration form", card "Registration
 * Information"): customer, address and vehicle, and the vehicle owner, copied from the customer
 * while "Same as Customer Information" is on.
 */
import type { RegistrationErrors, RegistrationForm } from '../../contract/monthly-transition';
import { VEHICLE_COLORS } from '../../contract/vehicles';
import { AddressCombobox } from '../../ui/address-combobox';

type Props = {
  form: RegistrationForm;
  errors: RegistrationErrors;
  isOwnerSame: boolean;
  onOwnerSameChange: (isSame: boolean) => void;
  onChange: (field: keyof RegistrationForm, value: string) => void;
};

const CUSTOMER: [keyof RegistrationForm, string, string?][] = [
  ['firstName', 'First Name', 'given-name'], ['lastName', 'Last Name', 'family-name'], ['street', 'Street', 'street-address'],
  ['city', 'City', 'address-level2'], ['state', 'State', 'address-level1'], ['zipCode', 'ZIP Code', 'postal-code'],
];
const VEHICLE: [keyof RegistrationForm, string][] = [
  ['vehicleBrand', 'Make'], ['vehicleModel', 'Model'], ['vehicleYear', 'Year'], ['vehicleLicensePlate', 'License Plate'], ['vehicleState', 'License State'],
];
const OWNER: [keyof RegistrationForm, string][] = [
  ['vehicleOwnerName', 'Owner Name'], ['vehicleOwnerStreet', 'Address'], ['vehicleOwnerCity', 'City'], ['vehicleOwnerState', 'State'], ['vehicleOwnerZipCode', 'ZIP Code'],
];

/** The street fields and the fields a chosen address fills with them. */
const ADDRESS_FIELDS: Partial<Record<keyof RegistrationForm, [city: keyof RegistrationForm, state: keyof RegistrationForm, zip: keyof RegistrationForm, country: keyof RegistrationForm]>> = {
  street: ['city', 'state', 'zipCode', 'country'],
  vehicleOwnerStreet: ['vehicleOwnerCity', 'vehicleOwnerState', 'vehicleOwnerZipCode', 'vehicleOwnerCountry'],
};

export function RegistrationFields({ form, errors, isOwnerSame, onOwnerSameChange, onChange }: Props) {
  const input = ([field, label, autoComplete]: [keyof RegistrationForm, string, string?]) => (
    <div className="transition-form__field" key={field}>
      <label htmlFor={`registration-${field}`}>{label} *</label>
      {ADDRESS_FIELDS[field] ? addressInput(field, ADDRESS_FIELDS[field]) : <input
        id={`registration-${field}`}
        value={form[field]}
        autoComplete={autoComplete ?? 'off'}
        maxLength={field === 'vehicleLicensePlate' ? 10 : 100}
        aria-invalid={errors[field] ? true : undefined}
        onChange={(event) => onChange(field, field === 'vehicleLicensePlate' ? event.target.value.toUpperCase() : event.target.value)}
      />}
      {errors[field] && <p className="form-error">{`Error: ${errors[field]}`}</p>}
    </div>
  );
  // US address suggestions on the street: a chosen one fills street, city, state, ZIP and country (spec 2 §5).
  function addressInput(field: keyof RegistrationForm, [city, state, zip, country]: [keyof RegistrationForm, keyof RegistrationForm, keyof RegistrationForm, keyof RegistrationForm]) {
    return (
      <AddressCombobox
        id={`registration-${field}`}
        value={form[field]}
        maxLength={100}
        aria-invalid={errors[field] ? true : undefined}
        onTextChange={(value) => onChange(field, value)}
        onPick={(address) => {
          onChange(field, address.street);
          onChange(city, address.city);
          onChange(state, address.state);
          if (address.zipCode) onChange(zip, address.zipCode);
          onChange(country, address.country);
        }}
      />
    );
  }
  return (
    <fieldset className="transition-form__group">
      <legend>Registration Information</legend>
      {CUSTOMER.map(input)}
      {VEHICLE.map(input)}
      <div className="transition-form__field">
        <label htmlFor="registration-vehicleColor">Color *</label>
        <select id="registration-vehicleColor" value={form.vehicleColor} aria-invalid={errors.vehicleColor ? true : undefined} onChange={(event) => onChange('vehicleColor', event.target.value)}>
          <option value="">Select</option>
          {VEHICLE_COLORS.map((color) => <option key={color} value={color}>{color}</option>)}
        </select>
        {errors.vehicleColor && <p className="form-error">{`Error: ${errors.vehicleColor}`}</p>}
      </div>
      <label className="choice-row transition-form__wide">
        <input type="checkbox" checked={isOwnerSame} onChange={(event) => onOwnerSameChange(event.target.checked)} />
        Same as Customer Information
      </label>
      {!isOwnerSame && OWNER.map(input)}
    </fieldset>
  );
}

/** The owner fields copied from the customer's (the "Same as Customer Information" toggle). */
export function withOwnerFromCustomer(form: RegistrationForm): RegistrationForm {
  return {
    ...form,
    vehicleOwnerName: `${form.firstName} ${form.lastName}`.trim(), vehicleOwnerStreet: form.street, vehicleOwnerCity: form.city,
    vehicleOwnerState: form.state, vehicleOwnerZipCode: form.zipCode, vehicleOwnerCountry: form.country,
  };
}
