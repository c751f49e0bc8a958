/**
 * The vehicle form's data model (spec 2 §4 "Vehicle modal", §5 "Vehicle"; spec 3 §5 "Add
 * vehicle"), pure so both forms — park-and-pay's add-vehicle screen and My Account's modal — use
 * the same values, the same field dependencies and the contract's `checkVehicle` for every rule.
 *
 * Values are what the inputs hold (text, a checkbox); `toVehicleBody` turns them into the JSON
 * the API and `checkVehicle` take. State is held as the abbreviation for the listed countries
 * (the select shows the full name), free text otherwise.
 */
import { DEFAULT_VEHICLE_COUNTRY, findListedCountry, findRegion, type ListedCountry, type Region, REGIONS_BY_COUNTRY } from '../../contract/vehicle-regions';
import { CAR_TRUCK_TYPE_ID, checkVehicle, normalizeLicensePlate, type Vehicle, type VehicleBody, type VehicleCheck } from '../../contract/vehicles';

export type VehicleFormValues = {
  licensePlate: string;
  vehicleTypeId: string;
  country: string;
  state: string;
  make: string;
  model: string;
  color: string;
  year: string;
  nickname: string;
  isTemporary: boolean;
  removalDate: string;
};

export function emptyVehicleValues(licensePlate = ''): VehicleFormValues {
  return {
    licensePlate: normalizeLicensePlate(licensePlate),
    vehicleTypeId: String(CAR_TRUCK_TYPE_ID),
    country: DEFAULT_VEHICLE_COUNTRY,
    state: '',
    make: '',
    model: '',
    color: '',
    year: '',
    nickname: '',
    isTemporary: false,
    removalDate: '',
  };
}

/**
 * Editing: the saved vehicle as the form shows it. Loading a record sets country and state
 * together, so the "changing country clears state" rule never erases a saved state; a state
 * saved as the text "null" becomes empty (spec 2 §4).
 */
export function valuesFromVehicle(vehicle: Vehicle): VehicleFormValues {
  const listed = findListedCountry(vehicle.country);
  const state = vehicle.state.trim().toLowerCase() === 'null' ? '' : vehicle.state;
  return {
    licensePlate: vehicle.licensePlate,
    vehicleTypeId: String(vehicle.vehicleTypeId),
    country: listed ?? vehicle.country,
    state: listed ? (findRegion(listed, state)?.abbreviation ?? '') : state,
    make: vehicle.make ?? '',
    model: vehicle.model ?? '',
    color: vehicle.color ?? '',
    year: vehicle.year === null ? '' : String(vehicle.year),
    nickname: vehicle.nickname ?? '',
    isTemporary: vehicle.isTemporary,
    removalDate: vehicle.removalDate ?? '',
  };
}

/**
 * One field changed by the driver, with its knock-on effects: the plate is upper-cased as typed;
 * a new country clears the state (a US abbreviation means nothing in Canada); a new make clears
 * the model; a new vehicle type clears make and model (lists for Car/Truck, free text otherwise).
 */
export function changeVehicleValue<K extends keyof VehicleFormValues>(values: VehicleFormValues, key: K, value: VehicleFormValues[K]): VehicleFormValues {
  const next: VehicleFormValues = { ...values, [key]: key === 'licensePlate' && typeof value === 'string' ? value.toUpperCase() : value };
  if (key === 'country' && value !== values.country) next.state = '';
  if (key === 'make' && value !== values.make) next.model = '';
  if (key === 'vehicleTypeId' && value !== values.vehicleTypeId) {
    next.make = '';
    next.model = '';
  }
  return next;
}

export const isCarType = (values: VehicleFormValues): boolean => values.vehicleTypeId === String(CAR_TRUCK_TYPE_ID);

export function toVehicleBody(values: VehicleFormValues, isOversized = false): VehicleBody {
  return {
    ...values,
    nickname: values.nickname.trim() || null,
    removalDate: values.isTemporary ? values.removalDate : null,
    isOversized,
  };
}

export function checkVehicleValues(values: VehicleFormValues, today: string, isOversized = false): VehicleCheck {
  return checkVehicle(toVehicleBody(values, isOversized), today);
}

/** Spec 2 §9: a searchable select shows at most 100 items by default. */
export const REGION_LIST_LIMIT = 100;

/**
 * The state list filtered by what the driver typed (spec 2 §5: "a searchable list by country (US
 * also by abbreviation)"): names match anywhere, case- and accent-insensitively; in the United
 * States the abbreviation matches too, and an exact abbreviation comes first. The chosen region
 * stays in the list so the select never loses its value.
 */
export function searchRegions(country: ListedCountry, query: string, chosen = ''): Region[] {
  const regions = REGIONS_BY_COUNTRY[country];
  const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  const wanted = fold(query.trim());
  if (!wanted) return regions.slice(0, REGION_LIST_LIMIT);
  const byAbbreviation = country === 'United States';
  const exact = byAbbreviation ? regions.filter((region) => fold(region.abbreviation) === wanted) : [];
  const matches = regions.filter(
    (region) => !exact.includes(region) && (fold(region.name).includes(wanted) || (byAbbreviation && fold(region.abbreviation).startsWith(wanted))),
  );
  const found = [...exact, ...matches];
  const kept = regions.find((region) => region.abbreviation === chosen);
  if (kept && !found.includes(kept)) found.unshift(kept);
  return found.slice(0, REGION_LIST_LIMIT);
}

/**
 * The region a search settles on by itself: the only match, or (in the US) an exact
 * abbreviation — so typing "NJ" or "Ontario" is enough, and the select shows the choice.
 */
export function autoPickedRegion(country: ListedCountry, query: string): string | undefined {
  if (!query.trim()) return undefined;
  const found = searchRegions(country, query);
  const first = found[0];
  if (!first) return undefined;
  const isExactAbbreviation = country === 'United States' && first.abbreviation.toLowerCase() === query.trim().toLowerCase();
  return found.length === 1 || isExactAbbreviation ? first.abbreviation : undefined;
}
