/**
 * Vehicles of a signed-in customer (spec 2 §3 Vehicle, §5 Vehicle; spec 3 §5 Add vehicle) and the
 * calls under /accounts/api/customers (spec 2 §7). Shared by the server and the vehicle forms:
 * `vehicleBodySchema` checks only the JSON types (so a form can send the vehicle back as it
 * received it), and `checkVehicle` applies every rule with the spec's exact messages, one per
 * field, so the client shows the same text the server answers with.
 *
 * Rules that depend on the date take `today` (YYYY-MM-DD in America/New_York) as an argument:
 * the contract stays pure and the server passes the day of its own clock.
 */
import * as v from 'valibot';
import { recordIdSchema } from './paged.ts';
import { normalizePlate } from './typed-codes.ts';
import { DEFAULT_VEHICLE_COUNTRY, findListedCountry, findRegion } from './vehicle-regions.ts';

export const VEHICLE_MESSAGES = {
  plateRequired: 'License Plate field is required',
  plateCharacters: 'License Plate must contain only letters and numbers',
  plateLength: 'License Plate must be 1 to 10 characters',
  typeRequired: 'Vehicle Type is required',
  makeLength: 'Vehicle Make must be at least 2 characters',
  stateRequired: 'State field is required',
  removalDateRequired: 'Removal Date is required',
  removalDateBeforeToday: 'Removal Date cannot be before today',
  nicknameLength: 'Nickname must be 1 to 50 characters',
  countryLength: 'Country must be at most 60 characters',
  alreadyRegistered:
    'A vehicle with this license plate is already registered. If you believe this is an error, please contact us for assistance.',
  saveFailed: 'We are not able to save your vehicle details. Please try again later.',
} as const;

/** Spec 2 §3: listed first in this order; the rest follow. Ids are stable (stored on vehicles). */
export const VEHICLE_TYPES = [
  { vehicleTypeId: 1, typeName: 'Car/Truck' },
  { vehicleTypeId: 2, typeName: 'Motorcycle/Scooter' },
  { vehicleTypeId: 3, typeName: 'Bicycle' },
  { vehicleTypeId: 4, typeName: 'Van' },
  { vehicleTypeId: 5, typeName: 'SUV' },
  { vehicleTypeId: 6, typeName: 'Pickup Truck' },
] as const;
/** The default type, and the only one whose make and model are pick-lists. */
export const CAR_TRUCK_TYPE_ID = 1;

export const VEHICLE_COLORS = [
  'Beige', 'Black', 'Blue', 'Brown', 'Burgundy', 'Gold', 'Gray', 'Green',
  'Orange', 'Pink', 'Purple', 'Red', 'Silver', 'Tan', 'White', 'Yellow',
] as const;

export const PLATE_MAX_LENGTH = 10;
/** Spec 2 §9: the year list has 95 entries, the current year and the 94 before it. */
export const VEHICLE_YEAR_COUNT = 95;

export function vehicleYearOptions(currentYear: number): number[] {
  return Array.from({ length: VEHICLE_YEAR_COUNT }, (_, index) => currentYear - index);
}

/** The calendar day (YYYY-MM-DD) of an instant in New York, where every rule is set. */
let newYorkDate: Intl.DateTimeFormat | undefined;
export function toNewYorkDate(instant: Date): string {
  // Made once: a DateTimeFormat costs far more to build than to use (a saved-card charge asks twice).
  newYorkDate ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });
  return newYorkDate.format(instant);
}

/** Upper-cased, without the spaces and dashes a plate is written with ("abc-1234" → "ABC1234"), as the forms do while the driver types. */
export function normalizeLicensePlate(plate: string): string {
  return normalizePlate(plate);
}

const loose = <T extends v.GenericSchema>(schema: T) => v.optional(v.nullable(schema));
const textOrNumber = v.union([v.string(), v.number()]);

/** The JSON a form sends to add-vehicle / update-vehicle: types only, rules in checkVehicle. */
export const vehicleBodySchema = v.object({
  licensePlate: loose(v.string()),
  vehicleTypeId: loose(textOrNumber),
  make: loose(v.string()),
  model: loose(v.string()),
  country: loose(v.string()),
  state: loose(v.string()),
  color: loose(v.string()),
  year: loose(textOrNumber),
  nickname: loose(v.string()),
  removalDate: loose(v.string()),
  isOversized: loose(v.boolean()),
  isTemporary: loose(v.boolean()),
});
export type VehicleBody = v.InferOutput<typeof vehicleBodySchema>;

export const vehicleIdSchema = recordIdSchema('vehicleId');
export const updateVehicleBodySchema = v.object({ ...vehicleBodySchema.entries, vehicleId: vehicleIdSchema });
export const removeVehicleBodySchema = v.object({ vehicleId: vehicleIdSchema });

/** A vehicle after every rule: what the server stores. */
export type VehicleFields = {
  licensePlate: string;
  vehicleTypeId: number;
  /** Year, make, model and colour are optional (decision 0111): null when not given. */
  make: string | null;
  model: string | null;
  country: string;
  state: string;
  color: string | null;
  year: number | null;
  nickname: string | null;
  removalDate: string | null;
  isOversized: boolean;
  isTemporary: boolean;
};
export type VehicleField = keyof VehicleFields;
export type VehicleCheck =
  | { success: true; output: VehicleFields }
  | { success: false; errors: Partial<Record<VehicleField, string>>; message: string };

const FIELD_ORDER: readonly VehicleField[] = [
  'licensePlate', 'vehicleTypeId', 'country', 'state', 'make', 'model', 'color', 'year', 'nickname', 'removalDate',
];

/** A text field as entered: trimmed, and the string "null" (spec 2 §4) treated as empty. */
function text(value: string | null | undefined): string {
  const trimmed = (value ?? '').trim();
  return trimmed.toLowerCase() === 'null' ? '' : trimmed;
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * Every vehicle rule of spec 2 §5 and spec 3 §5. `today` is YYYY-MM-DD in New York: it sets the
 * year range (this year and the 94 before) and the earliest removal date of a rental.
 */
export function checkVehicle(body: VehicleBody, today: string): VehicleCheck {
  const errors: Partial<Record<VehicleField, string>> = {};
  const currentYear = Number(today.slice(0, 4));

  const licensePlate = normalizeLicensePlate(body.licensePlate ?? '');
  if (!licensePlate) errors.licensePlate = VEHICLE_MESSAGES.plateRequired;
  else if (!/^[A-Z0-9]+$/.test(licensePlate)) errors.licensePlate = VEHICLE_MESSAGES.plateCharacters;
  else if (licensePlate.length > PLATE_MAX_LENGTH) errors.licensePlate = VEHICLE_MESSAGES.plateLength;

  const typeText = text(body.vehicleTypeId === undefined ? String(CAR_TRUCK_TYPE_ID) : body.vehicleTypeId === null ? '' : String(body.vehicleTypeId));
  const vehicleTypeId = Number(typeText);
  if (!typeText) errors.vehicleTypeId = VEHICLE_MESSAGES.typeRequired;
  else if (!VEHICLE_TYPES.some((type) => type.vehicleTypeId === vehicleTypeId)) {
    errors.vehicleTypeId = `Vehicle Type must be one of: ${VEHICLE_TYPES.map((type) => `${type.vehicleTypeId} (${type.typeName})`).join(', ')}`;
  }

  const country = text(body.country) || DEFAULT_VEHICLE_COUNTRY;
  if (country.length > 60) errors.country = VEHICLE_MESSAGES.countryLength;
  const listedCountry = findListedCountry(country);
  let state = text(body.state);
  if (!state) errors.state = VEHICLE_MESSAGES.stateRequired;
  else if (listedCountry) {
    const region = findRegion(listedCountry, state);
    if (region) state = region.abbreviation;
    else errors.state = `State must be one of the ${listedCountry} abbreviations, e.g. ${listedCountry === 'United States' ? 'NY' : listedCountry === 'Canada' ? 'ON' : 'JAL'}`;
  } else if (state.length > 50) errors.state = 'State must be at most 50 characters';

  // Year, make, model and colour are optional (issue 38 item 8, decision 0111): a plate and its
  // state are enough to park. What is given must still be valid.
  const make = text(body.make);
  if (make && make.length < 2) errors.make = VEHICLE_MESSAGES.makeLength;
  else if (make.length > 50) errors.make = 'Vehicle Make must be at most 50 characters';

  const model = text(body.model);
  if (model.length > 50) errors.model = 'Vehicle Model must be at most 50 characters';

  const colorText = text(body.color);
  const color = VEHICLE_COLORS.find((name) => name.toLowerCase() === colorText.toLowerCase());
  if (colorText && !color) errors.color = `Vehicle Color must be one of: ${VEHICLE_COLORS.join(', ')}`;

  const yearText = text(body.year === undefined || body.year === null ? '' : String(body.year));
  const year = Number(yearText);
  if (yearText && (!Number.isInteger(year) || year > currentYear || year < currentYear - (VEHICLE_YEAR_COUNT - 1))) {
    errors.year = `Vehicle Year must be between ${currentYear - (VEHICLE_YEAR_COUNT - 1)} and ${currentYear}`;
  }

  const nickname = text(body.nickname);
  if (nickname.length > 50) errors.nickname = VEHICLE_MESSAGES.nicknameLength;

  const isTemporary = body.isTemporary ?? false;
  const removalDateText = text(body.removalDate);
  // A full ISO date-time from a date picker counts by its calendar day.
  const removalDate = removalDateText.slice(0, 10);
  if (isTemporary) {
    if (!removalDateText) errors.removalDate = VEHICLE_MESSAGES.removalDateRequired;
    else if (!isCalendarDate(removalDate)) errors.removalDate = 'Removal Date must be a date (YYYY-MM-DD)';
    else if (removalDate < today) errors.removalDate = VEHICLE_MESSAGES.removalDateBeforeToday;
  }

  const failed = FIELD_ORDER.filter((field) => errors[field]);
  if (failed.length > 0) {
    return { success: false, errors, message: failed.map((field) => errors[field]).join('; ') };
  }
  return {
    success: true,
    output: {
      licensePlate,
      vehicleTypeId,
      make: make || null,
      model: model || null,
      country: listedCountry ?? country,
      state,
      color: color ?? null,
      year: yearText ? year : null,
      nickname: nickname || null,
      // "removalDate (only when temporary)": a non-rental never keeps one.
      removalDate: isTemporary ? removalDate : null,
      isOversized: body.isOversized ?? false,
      isTemporary,
    },
  };
}

/** The Vehicle entity of spec 2 §3 as the API returns it. */
export const vehicleSchema = v.object({
  vehicleId: v.number(),
  licensePlate: v.string(),
  /** Year, make, model and colour: null when the driver did not give them (decision 0111). */
  make: v.nullable(v.string()),
  model: v.nullable(v.string()),
  country: v.string(),
  /** Abbreviation for a listed country, free text otherwise. */
  state: v.string(),
  color: v.nullable(v.string()),
  year: v.nullable(v.number()),
  nickname: v.nullable(v.string()),
  /** YYYY-MM-DD, only for a temporary (rental) vehicle. */
  removalDate: v.nullable(v.string()),
  isOversized: v.boolean(),
  isTemporary: v.boolean(),
  vehicleTypeId: v.number(),
  vehicleTypeName: v.string(),
  /** True while the garage system has an open ticket for this plate. */
  isTicketed: v.boolean(),
  /** The plate the vehicle was first registered with (kept when the plate is edited). */
  originalLicensePlate: v.string(),
});
export type Vehicle = v.InferOutput<typeof vehicleSchema>;

export const vehicleListSchema = v.array(vehicleSchema);

/** "Toyota Camry", "Toyota", or "" for a vehicle saved with its plate only (make and model are optional). */
export const vehicleMakeModel = (vehicle: Pick<Vehicle, 'make' | 'model'>): string => [vehicle.make, vehicle.model].filter(Boolean).join(' ');
export const vehicleTypeSchema = v.object({ vehicleTypeId: v.number(), typeName: v.string() });
export const vehicleTypeListSchema = v.array(vehicleTypeSchema);
/** get-car-makes and get-car-models/{make}: names, alphabetical. */
export const carNameListSchema = v.array(v.string());
