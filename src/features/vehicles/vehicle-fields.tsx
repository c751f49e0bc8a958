/**
 * The vehicle inputs, rendered by name so the wide form shows them all and each wizard step only
 * its own. Make and model are pick-lists for Car/Truck (free text otherwise, or when the lists
 * cannot be loaded); state is a searchable list for the listed countries, free text elsewhere.
 * Year, make, model and colour say "(optional)" (decision 0111): a plate and its state park a car.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { findListedCountry, LISTED_COUNTRIES, type ListedCountry } from '../../contract/vehicle-regions';
import { PLATE_MAX_LENGTH, VEHICLE_COLORS, VEHICLE_TYPES, vehicleYearOptions, type VehicleField } from '../../contract/vehicles';
import { withErrorPrefix } from '../../lib/card-validation';
import { carMakesQueryOptions, carModelsQueryOptions, vehicleTypesQueryOptions } from '../../lib/vehicles-api';
import { autoPickedRegion, isCarType, searchRegions, type VehicleFormValues } from './vehicle-form-model';
import { VEHICLE_TEXT } from './vehicle-messages';
import type { FieldErrors } from './vehicle-wizard';

/** What the form shows as one block: a vehicle field, or the rental switch with its date. */
export type FieldName = Exclude<VehicleField, 'isOversized' | 'isTemporary'>;

type Props = {
  idPrefix: string;
  names: readonly FieldName[];
  values: VehicleFormValues;
  errors: FieldErrors;
  today: string;
  onChange: <K extends keyof VehicleFormValues>(key: K, value: VehicleFormValues[K]) => void;
};

export function VehicleFields({ idPrefix, names, values, errors, today, onChange }: Props) {
  const isCar = isCarType(values);
  const types = useQuery(vehicleTypesQueryOptions);
  const makes = useQuery({ ...carMakesQueryOptions, enabled: isCar });
  const models = useQuery({ ...carModelsQueryOptions(values.make), enabled: isCar && values.make.length > 0 });
  const listed = findListedCountry(values.country);

  const fieldId = (field: VehicleField) => `${idPrefix}-${field}`;
  const a11y = (field: VehicleField) => ({
    id: fieldId(field),
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${fieldId(field)}-error` : undefined,
  });
  const error = (field: VehicleField) =>
    errors[field] ? <p className="form-error" id={`${fieldId(field)}-error`}>{withErrorPrefix(errors[field])}</p> : null;
  const field = (name: VehicleField, label: string, control: ReactNode, extra?: ReactNode) => (
    <div className="vehicle-form__field" key={name}>
      <label htmlFor={fieldId(name)}>{label}</label>
      {extra}
      {control}
      {error(name)}
    </div>
  );
  const select = (name: 'vehicleTypeId' | 'country' | 'state' | 'make' | 'model' | 'color' | 'year', options: readonly { value: string; label: string }[], placeholder = true) => {
    // A saved value missing from today's list (an old make, say) stays choosable rather than vanishing.
    const all = values[name] && !options.some((option) => option.value === values[name]) ? [{ value: values[name], label: values[name] }, ...options] : options;
    return (
      <select {...a11y(name)} value={values[name]} onChange={(event) => onChange(name, event.target.value)}>
        {placeholder && <option value="">Select</option>}
        {all.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </select>
    );
  };
  const text = (name: 'state' | 'make' | 'model' | 'nickname', maxLength = 50) => (
    <input {...a11y(name)} value={values[name]} maxLength={maxLength} autoComplete="off" onChange={(event) => onChange(name, event.target.value)} />
  );
  const asOptions = (items: readonly string[] | undefined) => items?.map((item) => ({ value: item, label: item }));
  const makeOptions = isCar ? asOptions(makes.data) : undefined;
  // Models: a list once a make is chosen from the list; free text for a make the list does not know.
  const modelOptions = isCar && makeOptions ? (values.make ? (models.isError ? undefined : asOptions(models.data ?? [])) : []) : undefined;

  const render = (name: FieldName): ReactNode => {
    switch (name) {
      case 'licensePlate':
        return field(
          name,
          'License Plate *',
          <input
            {...a11y(name)}
            value={values.licensePlate}
            maxLength={PLATE_MAX_LENGTH}
            autoCapitalize="characters"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            onChange={(event) => onChange('licensePlate', event.target.value)}
          />,
        );
      case 'vehicleTypeId':
        return field(name, 'Vehicle Type *', select(name, (types.data ?? VEHICLE_TYPES).map((type) => ({ value: String(type.vehicleTypeId), label: type.typeName })), false));
      case 'country':
        return field(name, 'Country *', select(name, LISTED_COUNTRIES.map((country) => ({ value: country, label: country })), false));
      case 'state':
        return listed ? <StateField key={`${name}-${listed}`} country={listed} label="State *" control={(options) => select(name, options)} chosen={values.state} onPick={(value) => onChange('state', value)} idPrefix={idPrefix} error={error(name)} /> : field(name, 'State *', text(name));
      case 'make':
        return field(name, 'Make (optional)', makeOptions ? select(name, makeOptions) : text(name));
      case 'model':
        return field(name, 'Model (optional)', modelOptions ? select(name, modelOptions) : text(name));
      case 'color':
        return field(name, 'Color (optional)', select(name, asOptions(VEHICLE_COLORS) ?? []));
      case 'year':
        return field(name, 'Year (optional)', select(name, asOptions(vehicleYearOptions(Number(today.slice(0, 4))).map(String)) ?? []));
      case 'nickname':
        return field(name, 'Nickname (optional)', text(name));
      case 'removalDate':
        return (
          <div className="vehicle-form__field" key={name}>
            <label className="vehicle-form__toggle">
              <input type="checkbox" name="isTemporary" checked={values.isTemporary} onChange={(event) => onChange('isTemporary', event.target.checked)} /> {VEHICLE_TEXT.rental}
            </label>
            {values.isTemporary && (
              <>
                <label htmlFor={fieldId(name)}>Removal Date *</label>
                <input {...a11y(name)} type="date" min={today} value={values.removalDate} onChange={(event) => onChange('removalDate', event.target.value)} />
                {error(name)}
              </>
            )}
          </div>
        );
    }
  };
  return <>{names.map(render)}</>;
}

/**
 * State of a listed country: a search box narrowing the select (names, and US abbreviations);
 * a search that settles on one region chooses it (autoPickedRegion).
 */
function StateField({ country, label, chosen, onPick, control, idPrefix, error }: {
  country: ListedCountry;
  label: string;
  chosen: string;
  onPick: (abbreviation: string) => void;
  control: (options: { value: string; label: string }[]) => ReactNode;
  idPrefix: string;
  error: ReactNode;
}) {
  const [query, setQuery] = useState('');
  const regions = searchRegions(country, query, chosen);
  const noun = country === 'Canada' ? 'provinces' : 'states';
  const searchId = `${idPrefix}-state-search`;
  return (
    <div className="vehicle-form__field">
      <label htmlFor={`${idPrefix}-state`}>{label}</label>
      <input
        id={searchId}
        type="search"
        className="vehicle-form__search"
        aria-label={`Search ${noun}`}
        placeholder={country === 'United States' ? `Search ${noun} (name or abbreviation)` : `Search ${noun}`}
        value={query}
        autoComplete="off"
        onChange={(event) => {
          const next = event.target.value;
          setQuery(next);
          const picked = autoPickedRegion(country, next);
          if (picked) onPick(picked);
        }}
      />
      {control(regions.map((region) => ({ value: region.abbreviation, label: region.name })))}
      {error}
    </div>
  );
}
