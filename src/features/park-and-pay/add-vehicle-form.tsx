/**
 * Add vehicle at the lot (spec 3 §5, spec 2 §5): every rule through the shared `checkVehicle`, so
 * the form shows the server's exact texts. Make and model are pick-lists for Car/Truck, free text
 * otherwise; state is a list for the US, Canada and Mexico, free text elsewhere. On save it starts
 * the activation: convert pass when a ticketNumber came with the query, else the prepaid prompt.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { findListedCountry, LISTED_COUNTRIES, REGIONS_BY_COUNTRY } from '../../contract/vehicle-regions';
import {
  CAR_TRUCK_TYPE_ID, checkVehicle, toNewYorkDate, VEHICLE_COLORS, VEHICLE_MESSAGES, vehicleYearOptions, type VehicleBody, type VehicleField,
} from '../../contract/vehicles';
import { ApiError, NetworkError } from '../../lib/errors';
import { withErrorPrefix } from '../../lib/card-validation';
import { offlineAlert, type ActionAlert } from './action-alert';
import { updateDraft } from './draft-store';
import { plateScreenBackHref } from './flow-rules';
import { AlertDialog } from './park-dialog';
import { PARK_TEXT } from './messages';
import { addVehicle, carMakesQueryOptions, carModelsQueryOptions, vehiclesQueryOptions, vehicleTypesQueryOptions } from './vehicles-api';

type Values = { licensePlate: string; vehicleTypeId: string; country: string; state: string; make: string; model: string; color: string; year: string; nickname: string; isTemporary: boolean; removalDate: string };

type Props = { licensePlate?: string | undefined; ticketNumber?: string | undefined; backTo?: string | undefined };

export function AddVehicleForm({ licensePlate = '', ticketNumber, backTo }: Props) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>({
    licensePlate: licensePlate.toUpperCase(), vehicleTypeId: String(CAR_TRUCK_TYPE_ID), country: 'United States', state: '', make: '', model: '', color: '', year: '', nickname: '', isTemporary: false, removalDate: '',
  });
  const [errors, setErrors] = useState<Partial<Record<VehicleField, string>>>({});
  const [alert, setAlert] = useState<ActionAlert>();
  const [isSaving, setIsSaving] = useState(false);
  const types = useQuery(vehicleTypesQueryOptions);
  const isCar = values.vehicleTypeId === String(CAR_TRUCK_TYPE_ID);
  const makes = useQuery({ ...carMakesQueryOptions, enabled: isCar });
  const models = useQuery({ ...carModelsQueryOptions(values.make), enabled: isCar && values.make.length > 0 });
  const listed = findListedCountry(values.country);
  const today = toNewYorkDate(new Date());
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({
      ...current,
      [key]: value,
      ...(key === 'country' ? { state: '' } : {}),
      ...(key === 'make' ? { model: '' } : {}),
      ...(key === 'vehicleTypeId' ? { make: '', model: '' } : {}),
    }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: VehicleBody = { ...values, nickname: values.nickname || null, removalDate: values.isTemporary ? values.removalDate : null };
    const checked = checkVehicle(body, today);
    if (!checked.success) return setErrors(checked.errors);
    const offline = offlineAlert();
    if (offline) return setAlert(offline);
    setIsSaving(true);
    try {
      const vehicle = await addVehicle(checked.output);
      await queryClient.invalidateQueries({ queryKey: vehiclesQueryOptions.queryKey });
      updateDraft({ licensePlate: vehicle.licensePlate, vehicleId: vehicle.vehicleId, isOversized: vehicle.isOversized, reservation: undefined });
      if (ticketNumber) await navigate({ to: '/parkandpay/convert', search: { ticketNumber, vehicleId: vehicle.vehicleId } });
      else await navigate({ to: '/parkandpay/prepaid-prompt' });
    } catch (error: unknown) {
      if (error instanceof NetworkError) setAlert({ title: PARK_TEXT.networkTitle, message: PARK_TEXT.networkText });
      else setAlert({ title: 'Error', message: error instanceof ApiError && error.status === 409 ? VEHICLE_MESSAGES.alreadyRegistered : VEHICLE_MESSAGES.saveFailed });
    } finally {
      setIsSaving(false);
    }
  };

  const error = (field: VehicleField) =>
    errors[field] ? <p className="form-error" id={`${id}-${field}-error`}>{withErrorPrefix(errors[field])}</p> : null;
  const a11y = (field: VehicleField) => ({ id: `${id}-${field}`, 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined });
  const pickOrType = (field: 'make' | 'model', options: readonly string[] | undefined) =>
    isCar && options ? (
      <select {...a11y(field)} value={values[field]} onChange={(event) => set(field, event.target.value)}>
        <option value="">Select</option>
        {options.map((option) => <option key={option} value={option}>{option}</option>)}
      </select>
    ) : (
      <input {...a11y(field)} value={values[field]} maxLength={50} onChange={(event) => set(field, event.target.value)} />
    );

  return (
    <form className="park-form" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-licensePlate`}>License Plate *</label>
      <input {...a11y('licensePlate')} value={values.licensePlate} maxLength={10} autoCapitalize="characters" autoComplete="off" onChange={(event) => set('licensePlate', event.target.value.toUpperCase())} />
      {error('licensePlate')}
      <label htmlFor={`${id}-vehicleTypeId`}>Vehicle Type *</label>
      <select {...a11y('vehicleTypeId')} value={values.vehicleTypeId} onChange={(event) => set('vehicleTypeId', event.target.value)}>
        {(types.data ?? [{ vehicleTypeId: CAR_TRUCK_TYPE_ID, typeName: 'Car/Truck' }]).map((type) => (
          <option key={type.vehicleTypeId} value={type.vehicleTypeId}>{type.typeName}</option>
        ))}
      </select>
      {error('vehicleTypeId')}
      <label htmlFor={`${id}-country`}>Country *</label>
      <select {...a11y('country')} value={values.country} onChange={(event) => set('country', event.target.value)}>
        {LISTED_COUNTRIES.map((country) => <option key={country} value={country}>{country}</option>)}
      </select>
      <label htmlFor={`${id}-state`}>State *</label>
      {listed ? (
        <select {...a11y('state')} value={values.state} onChange={(event) => set('state', event.target.value)}>
          <option value="">Select</option>
          {REGIONS_BY_COUNTRY[listed].map((region) => <option key={region.abbreviation} value={region.abbreviation}>{region.name}</option>)}
        </select>
      ) : (
        <input {...a11y('state')} value={values.state} maxLength={50} onChange={(event) => set('state', event.target.value)} />
      )}
      {error('state')}
      <label htmlFor={`${id}-make`}>Make *</label>
      {pickOrType('make', makes.data)}
      {error('make')}
      <label htmlFor={`${id}-model`}>Model *</label>
      {pickOrType('model', values.make ? (models.data ?? (models.isError ? undefined : [])) : [])}
      {error('model')}
      <label htmlFor={`${id}-color`}>Color *</label>
      <select {...a11y('color')} value={values.color} onChange={(event) => set('color', event.target.value)}>
        <option value="">Select</option>
        {VEHICLE_COLORS.map((color) => <option key={color} value={color}>{color}</option>)}
      </select>
      {error('color')}
      <label htmlFor={`${id}-year`}>Year *</label>
      <select {...a11y('year')} value={values.year} onChange={(event) => set('year', event.target.value)}>
        <option value="">Select</option>
        {vehicleYearOptions(Number(today.slice(0, 4))).map((year) => <option key={year} value={year}>{year}</option>)}
      </select>
      {error('year')}
      <label htmlFor={`${id}-nickname`}>Nickname</label>
      <input {...a11y('nickname')} value={values.nickname} maxLength={50} onChange={(event) => set('nickname', event.target.value)} />
      <label className="card-form__toggle">
        <input type="checkbox" checked={values.isTemporary} onChange={(event) => set('isTemporary', event.target.checked)} /> This is a rental vehicle
      </label>
      {values.isTemporary && (
        <>
          <label htmlFor={`${id}-removalDate`}>Removal Date *</label>
          <input {...a11y('removalDate')} type="date" min={today} value={values.removalDate} onChange={(event) => set('removalDate', event.target.value)} />
          {error('removalDate')}
        </>
      )}
      <button type="submit" className="button" disabled={isSaving}>{isSaving ? 'Saving...' : 'Save Vehicle'}</button>
      <Link to="/parkandpay/scan-license" search={{ ticketNumber, backTo }} className="button button--secondary">Scan plate instead</Link>
      <a href={plateScreenBackHref({ ticketNumber, backTo })} className="link-button">Back</a>
      {alert && <AlertDialog title={alert.title} message={alert.message} onClose={() => setAlert(undefined)} />}
    </form>
  );
}
