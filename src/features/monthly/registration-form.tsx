/**
 * The "Registration Information" card of monthly sign-up (spec 2 §2 "Monthly registration form",
 * §4 "Registration form", §5 "Monthly form"): customer, vehicle and vehicle owner. A saved vehicle
 * (the first preselected) fills the vehicle fields; "Same as Customer Information" copies the
 * customer's name and address to the owner. Messages come from `checkMonthlyForm`, the same
 * rules the server applies.
 */
import { Link } from '@tanstack/react-router';
import type { MonthlyForm, MonthlyFormErrors, MonthlyFormField } from '../../contract/monthly-reservations';
import { vehicleMakeModel, type Vehicle } from '../../contract/vehicles';
import { LISTED_COUNTRIES, REGIONS_BY_COUNTRY, type ListedCountry } from '../../contract/vehicle-regions';
import { AddressCombobox } from '../../ui/address-combobox';

export const EMPTY_FORM: MonthlyForm = {
  firstName: null, lastName: null, fullName: null, email: null, optOutEmails: false, street: null, city: null, state: null, zipCode: null,
  country: 'United States', phoneNumber: '', vehicleBrand: null, vehicleModel: null, vehicleYear: null, vehicleColor: null, vehicleState: null,
  vehicleLicensePlate: null, vehicleOwnerName: null, vehicleOwnerStreet: null, vehicleOwnerCity: null, vehicleOwnerState: null,
  vehicleOwnerZipCode: null, vehicleOwnerCountry: 'United States',
};

export function vehicleFields(vehicle: Vehicle): Partial<MonthlyForm> {
  return { vehicleBrand: vehicle.make, vehicleModel: vehicle.model, vehicleYear: vehicle.year === null ? null : String(vehicle.year), vehicleColor: vehicle.color, vehicleState: vehicle.state, vehicleLicensePlate: vehicle.licensePlate };
}

/** "Same as Customer Information": the owner is the customer. */
export function ownerFromCustomer(form: MonthlyForm): Partial<MonthlyForm> {
  const name = [form.firstName, form.lastName].filter(Boolean).join(' ') || null;
  return { vehicleOwnerName: name, vehicleOwnerStreet: form.street, vehicleOwnerCity: form.city, vehicleOwnerState: form.state, vehicleOwnerZipCode: form.zipCode, vehicleOwnerCountry: form.country };
}

type Props = {
  form: MonthlyForm;
  errors: MonthlyFormErrors;
  onChange: (patch: Partial<MonthlyForm>) => void;
  vehicles: readonly Vehicle[];
  sameAsCustomer: boolean;
  onSameAsCustomer: (value: boolean) => void;
  /** Standalone mode (spec 2 §2 "Monthly registration form"): the vehicle is read-only, edited under Vehicles. */
  isVehicleReadOnly?: boolean;
};

export function RegistrationForm({ form, errors, onChange, vehicles, sameAsCustomer, onSameAsCustomer, isVehicleReadOnly = false }: Props) {
  const vehicleExtra = (extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (isVehicleReadOnly ? { ...extra, readOnly: true } : extra);
  const text = (field: MonthlyFormField, label: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <label>
      {label} *
      <input
        name={field}
        value={String(form[field] ?? '')}
        aria-invalid={errors[field] ? true : undefined}
        onChange={(event) => onChange({ [field]: field === 'phoneNumber' ? event.target.value : event.target.value === '' ? null : event.target.value })}
        {...extra}
      />
      {errors[field] && <span className="field-error">Error: {errors[field]}</span>}
    </label>
  );
  /** A street with US address suggestions: a chosen one fills street, city, state, ZIP and country (spec 2 §5). */
  const street = (prefix: '' | 'vehicleOwner', label: string) => {
    const field = prefix ? 'vehicleOwnerStreet' : 'street';
    const name = (part: 'City' | 'State' | 'ZipCode' | 'Country') => (prefix ? `vehicleOwner${part}` : `${part[0]!.toLowerCase()}${part.slice(1)}`) as MonthlyFormField;
    return (
      <label>
        {/* Named by its label text alone: the suggestions and their status line sit inside the label too. */}
        <span id={`monthly-${field}-label`}>{label} *</span>
        <AddressCombobox
          id={`monthly-${field}`}
          aria-labelledby={`monthly-${field}-label`}
          name={field}
          value={form[field] ?? ''}
          aria-invalid={errors[field] ? true : undefined}
          onTextChange={(value) => onChange({ [field]: value === '' ? null : value })}
          onPick={(address) => onChange({ [field]: address.street, [name('City')]: address.city, [name('State')]: address.state, [name('Country')]: address.country, ...(address.zipCode ? { [name('ZipCode')]: address.zipCode } : {}) })}
        />
        {errors[field] && <span className="field-error">Error: {errors[field]}</span>}
      </label>
    );
  };
  const stateSelect = (field: 'state' | 'vehicleOwnerState' | 'vehicleState', countryField: 'country' | 'vehicleOwnerCountry', label: string) => {
    const country = (form[countryField] ?? 'United States') as string;
    const regions = REGIONS_BY_COUNTRY[country as ListedCountry] ?? [];
    return (
      <label>
        {label} *
        <select name={field} value={form[field] ?? ''} aria-invalid={errors[field] ? true : undefined} onChange={(event) => onChange({ [field]: event.target.value || null })}>
          <option value="">Select…</option>
          {regions.map((region) => <option key={region.abbreviation} value={region.abbreviation}>{region.name}</option>)}
        </select>
        {errors[field] && <span className="field-error">Error: {errors[field]}</span>}
      </label>
    );
  };
  const countrySelect = (field: 'country' | 'vehicleOwnerCountry', stateField: 'state' | 'vehicleOwnerState') => (
    <label>
      Country *
      {/* Changing the country clears the state (spec 2 §4 "Registration form"). */}
      <select name={field} value={form[field] ?? ''} onChange={(event) => onChange({ [field]: event.target.value || null, [stateField]: null })}>
        {LISTED_COUNTRIES.map((country) => <option key={country}>{country}</option>)}
      </select>
      {errors[field] && <span className="field-error">Error: {errors[field]}</span>}
    </label>
  );

  return (
    <section className="monthly-form" aria-labelledby="registration-heading">
      <h2 id="registration-heading">Registration Information</h2>
      <fieldset>
        <legend>Customer Information</legend>
        <div className="monthly-form__grid">
          {text('firstName', 'First Name', { autoComplete: 'given-name' })}
          {text('lastName', 'Last Name', { autoComplete: 'family-name' })}
          {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
          {text('phoneNumber', 'Phone', { type: 'tel', autoComplete: 'tel' })}
          {street('', 'Street')}
          {text('city', 'City', { autoComplete: 'address-level2' })}
          {stateSelect('state', 'country', 'State')}
          {text('zipCode', 'ZIP Code', { autoComplete: 'postal-code', inputMode: 'numeric' })}
          {countrySelect('country', 'state')}
        </div>
      </fieldset>
      <fieldset>
        <legend>Vehicle</legend>
        {isVehicleReadOnly && <p className="monthly-note">To change your vehicle, edit it under <Link to="/my-account/vehicles">Vehicles</Link>.</p>}
        {vehicles.length > 0 && !isVehicleReadOnly && (
          <label>
            Saved vehicle
            <select name="savedVehicle" onChange={(event) => {
              const vehicle = vehicles.find((item) => String(item.vehicleId) === event.target.value);
              if (vehicle) onChange(vehicleFields(vehicle));
            }}>
              {vehicles.map((vehicle) => <option key={vehicle.vehicleId} value={vehicle.vehicleId}>{vehicle.nickname ?? vehicleMakeModel(vehicle)} · {vehicle.licensePlate}</option>)}
            </select>
          </label>
        )}
        <div className="monthly-form__grid">
          {text('vehicleBrand', 'Make', vehicleExtra())}
          {text('vehicleModel', 'Model', vehicleExtra())}
          {text('vehicleYear', 'Year', vehicleExtra({ inputMode: 'numeric' }))}
          {text('vehicleColor', 'Color', vehicleExtra())}
          {text('vehicleLicensePlate', 'License Plate', vehicleExtra({ maxLength: 10, autoCapitalize: 'characters' }))}
          {isVehicleReadOnly
            ? text('vehicleState', 'License State', { readOnly: true })
            : stateSelect('vehicleState', 'country', 'License State')}
        </div>
      </fieldset>
      <fieldset>
        <legend>Vehicle Owner</legend>
        <label className="monthly-form__toggle">
          <input type="checkbox" checked={sameAsCustomer} onChange={(event) => onSameAsCustomer(event.target.checked)} /> Same as Customer Information
        </label>
        <div className="monthly-form__grid">
          {text('vehicleOwnerName', 'Owner Name')}
          {street('vehicleOwner', 'Address')}
          {text('vehicleOwnerCity', 'City')}
          {stateSelect('vehicleOwnerState', 'vehicleOwnerCountry', 'State')}
          {text('vehicleOwnerZipCode', 'ZIP Code', { inputMode: 'numeric' })}
          {countrySelect('vehicleOwnerCountry', 'vehicleOwnerState')}
        </div>
      </fieldset>
    </section>
  );
}
