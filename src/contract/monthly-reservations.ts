/**
 * Monthly sign-up (spec 2 §3 "Monthly reservation", §4 "Monthly sign-up", §5 "Monthly form",
 * §7 Reservations) under /reservations/api/monthly-reservations and monthly-applications.
 * Shared by the server and the sign-up screens: `monthlyFormBodySchema` checks only JSON types
 * (empty values are null, the phone is empty text, as the spec sends them) and
 * `checkMonthlyForm` applies every rule with one message per field, so the client shows the text
 * the server would answer with.
 */
import * as v from 'valibot';
import { contractMonthlyReservationSchema } from './monthly-contracts.ts';
import { isoDateTimeSchema, pagedSchema } from './paged.ts';
import { DEFAULT_VEHICLE_COUNTRY, findListedCountry, findRegion } from './vehicle-regions.ts';

export const MONTHLY_SIGN_UP_MESSAGES = {
  streetRequired: 'Street field is required',
  cityRequired: 'City field is required',
  stateRequired: 'State must be selected',
  zipRequired: 'ZIP Code field is required',
  zipInvalid: 'ZIP Code field is invalid',
  countryRequired: 'Country must be selected',
  phoneRequired: 'Phone field is required',
  phoneInvalid: 'Phone field is invalid',
  firstNameRequired: 'First Name field is required',
  lastNameRequired: 'Last Name field is required',
  emailInvalid: "Please check the email address you entered. It doesn't appear to be formatted properly or is not valid as entered",
  ownerNameRequired: 'Owner Name field is required',
  ownerAddressRequired: 'Address field is required',
  makeRequired: 'Vehicle Make field is required',
  modelRequired: 'Vehicle Model field is required',
  yearRequired: 'Vehicle Year field is required',
  colorRequired: 'Vehicle Color field is required',
  plateRequired: 'License Plate field is required',
  plateInvalid: 'License Plate must contain only letters and numbers',
  plateLength: 'License Plate must be 1 to 10 characters',
  licenseStateRequired: 'License State field is required',
  nameRequired: 'Name field is required',
  termsRequired: 'Error: You must accept the Terms and Conditions',
  formInvalid: 'Form is not valid. Please fill all required fields to continue.',
  saved: 'Registration Information saved successfully',
  requestError: 'Reservation Request Error',
  verifyEmailFirst: 'Please verify your email address before you sign up for monthly parking at this location.',
  rateInstanceUnknown: 'The monthly rate was not found. Please choose the rate again.',
  rateInstanceTaken: 'This monthly rate was already used for another sign-up. Please choose the rate again.',
  formRequired: 'The registration form is required at this location.',
} as const;

const text = v.nullable(v.pipe(v.string(), v.maxLength(200, 'must be at most 200 characters')));

/** The registration form (spec 2 §3), types only. */
export const monthlyFormBodySchema = v.object({
  firstName: text, lastName: text, fullName: text, email: text, optOutEmails: v.optional(v.boolean(), false),
  street: text, city: text, state: text, zipCode: text, country: text,
  phoneNumber: v.pipe(v.string(), v.maxLength(30, 'must be at most 30 characters')),
  vehicleBrand: text, vehicleModel: text, vehicleYear: text, vehicleColor: text, vehicleState: text, vehicleLicensePlate: text,
  vehicleOwnerName: text, vehicleOwnerStreet: text, vehicleOwnerCity: text, vehicleOwnerState: text, vehicleOwnerZipCode: text, vehicleOwnerCountry: text,
});
export type MonthlyForm = v.InferOutput<typeof monthlyFormBodySchema>;
export type MonthlyFormField = keyof MonthlyForm;
export type MonthlyFormErrors = Partial<Record<MonthlyFormField, string>>;

const blank = (value: string | null | undefined) => (value ?? '').trim() === '';
const PHONE = /^\+?1?\d{10}$/;
const ZIP = /^\d{5}(-\d{4})?$/;
const PLATE = /^[A-Za-z0-9]+$/;

/** Is `state` a valid pick for `country` (a listed country's abbreviation, or free text elsewhere)? */
function hasState(country: string | null, state: string | null): boolean {
  if (blank(state)) return false;
  const listed = findListedCountry(country ?? DEFAULT_VEHICLE_COUNTRY);
  return !listed || findRegion(listed, state ?? '') !== undefined;
}

/** Every rule of spec 2 §5 "Monthly form" (and the names, phone and email rules it uses). Empty = valid. */
export function checkMonthlyForm(form: MonthlyForm): MonthlyFormErrors {
  const m = MONTHLY_SIGN_UP_MESSAGES;
  const errors: MonthlyFormErrors = {};
  const need = (field: MonthlyFormField, message: string) => {
    const value = form[field];
    if (typeof value !== 'boolean' && blank(value)) errors[field] = message;
  };
  need('firstName', m.firstNameRequired);
  need('lastName', m.lastNameRequired);
  if (!blank(form.email) && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email ?? '')) errors.email = m.emailInvalid;
  if (blank(form.phoneNumber)) errors.phoneNumber = m.phoneRequired;
  else if (!PHONE.test(form.phoneNumber.replace(/[\s().-]/g, ''))) errors.phoneNumber = m.phoneInvalid;
  need('street', m.streetRequired);
  need('city', m.cityRequired);
  need('country', m.countryRequired);
  if (!hasState(form.country, form.state)) errors.state = m.stateRequired;
  if (blank(form.zipCode)) errors.zipCode = m.zipRequired;
  else if ((form.country ?? DEFAULT_VEHICLE_COUNTRY) === DEFAULT_VEHICLE_COUNTRY && !ZIP.test((form.zipCode ?? '').trim())) errors.zipCode = m.zipInvalid;
  need('vehicleBrand', m.makeRequired);
  need('vehicleModel', m.modelRequired);
  need('vehicleYear', m.yearRequired);
  need('vehicleColor', m.colorRequired);
  const plate = (form.vehicleLicensePlate ?? '').trim();
  if (plate === '') errors.vehicleLicensePlate = m.plateRequired;
  else if (!PLATE.test(plate)) errors.vehicleLicensePlate = m.plateInvalid;
  else if (plate.length > 10) errors.vehicleLicensePlate = m.plateLength;
  if (blank(form.vehicleState)) errors.vehicleState = m.licenseStateRequired;
  need('vehicleOwnerName', m.ownerNameRequired);
  need('vehicleOwnerStreet', m.ownerAddressRequired);
  need('vehicleOwnerCity', m.cityRequired);
  need('vehicleOwnerZipCode', m.zipRequired);
  need('vehicleOwnerCountry', m.countryRequired);
  if (!hasState(form.vehicleOwnerCountry, form.vehicleOwnerState)) errors.vehicleOwnerState = m.stateRequired;
  return errors;
}

/** "First message" of a form's errors, for a 400 answer. */
export const firstFormError = (errors: MonthlyFormErrors): string | undefined => Object.values(errors)[0];

const uuid = v.pipe(v.string(), v.uuid('monthlyRateInstanceId must be a UUID'));

/** POST /reservations/api/monthly-reservations. The form is null at locations without ticket-system access (contact form). */
export const createMonthlyReservationBodySchema = v.object({
  monthlyRateInstanceId: uuid,
  phoneNumber: v.pipe(v.string(), v.maxLength(30, 'phoneNumber must be at most 30 characters')),
  email: v.nullable(v.pipe(v.string(), v.maxLength(200, 'email must be at most 200 characters'))),
  fullName: v.pipe(v.string(), v.maxLength(200, 'fullName must be at most 200 characters')),
  monthlyReservationForm: v.nullable(monthlyFormBodySchema),
});
export type CreateMonthlyReservationBody = v.InferOutput<typeof createMonthlyReservationBodySchema>;

/** The contract's view of a sign-up (monthly-contracts.ts) plus its registration form. */
export const monthlyReservationSchema = v.object({
  ...contractMonthlyReservationSchema.entries,
  form: v.nullable(monthlyFormBodySchema),
  /** Not in the spec's list: the contract this sign-up created (null at locations without ticket-system access). */
  monthlyContractId: v.nullable(v.number()),
});
export type MonthlyReservation = v.InferOutput<typeof monthlyReservationSchema>;
export const monthlyReservationPageSchema = pagedSchema(monthlyReservationSchema);

/** Spec 2 §3 "Monthly application": a sign-up at a location without ticket-system access, handled by the office. */
export const monthlyApplicationSchema = v.object({
  monthlyApplicationId: v.number(),
  monthlyReservationId: v.number(),
  locationId: v.number(),
  fullName: v.string(),
  email: v.nullable(v.string()),
  phoneNumber: v.nullable(v.string()),
  checkInDate: v.string(),
  status: v.picklist(['Received', 'Contacted', 'Closed']),
  notes: v.nullable(v.string()),
  createdUtc: isoDateTimeSchema,
});
export type MonthlyApplication = v.InferOutput<typeof monthlyApplicationSchema>;

export const updateMonthlyApplicationBodySchema = v.object({
  fullName: v.pipe(v.string(), v.trim(), v.minLength(1, MONTHLY_SIGN_UP_MESSAGES.nameRequired), v.maxLength(200, 'fullName must be at most 200 characters')),
  email: v.nullable(v.pipe(v.string(), v.maxLength(200, 'email must be at most 200 characters'))),
  phoneNumber: v.nullable(v.pipe(v.string(), v.maxLength(30, 'phoneNumber must be at most 30 characters'))),
  notes: v.nullable(v.pipe(v.string(), v.maxLength(2000, 'notes must be at most 2000 characters'))),
});

/** Spec 2 §3 "Monthly ticket": the access card of a paid monthly reservation. */
export const monthlyTicketSchema = v.object({
  monthlyTicketId: v.number(),
  skiDataTicketNumber: v.string(),
  monthlyBarcode: v.string(),
  locationId: v.number(),
  skiDataArticle: v.string(),
  monthlyRateGroup: v.string(),
  monthlyReservationId: v.number(),
  checkInDateUtc: isoDateTimeSchema,
  skiDataUserId: v.string(),
  /** Not in the spec's list: false while the contract is due or suspended (the gate then charges the transient rate). */
  isActive: v.boolean(),
  licensePlate: v.nullable(v.string()),
  licenseState: v.nullable(v.string()),
  /**
   * Not in the spec's list: the garage as the driver knows it (its street address and lot number),
   * kept with the pass so it shows offline at the gate. Optional for passes cached before them.
   */
  locationAddress: v.optional(v.string()),
  locationNumber: v.optional(v.string()),
});
export type MonthlyTicket = v.InferOutput<typeof monthlyTicketSchema>;
export const monthlyTicketPageSchema = pagedSchema(monthlyTicketSchema);

/** POST /accounts/api/customers/create-badge-session {customerId, licensePlate, state}. */
export const badgeSessionBodySchema = v.object({
  customerId: v.pipe(v.number('customerId must be a number'), v.integer('customerId must be a whole number'), v.minValue(1, 'customerId must be at least 1')),
  licensePlate: v.pipe(v.string(), v.trim(), v.minLength(1, MONTHLY_SIGN_UP_MESSAGES.plateRequired), v.maxLength(10, MONTHLY_SIGN_UP_MESSAGES.plateLength), v.regex(PLATE, MONTHLY_SIGN_UP_MESSAGES.plateInvalid)),
  state: v.pipe(v.string(), v.trim(), v.minLength(1, MONTHLY_SIGN_UP_MESSAGES.licenseStateRequired), v.maxLength(60, 'state must be at most 60 characters')),
});
export const badgeSessionSchema = v.object({
  badgeSessionId: v.string(),
  monthlyReservationId: v.number(),
  monthlyBarcode: v.string(),
  locationId: v.number(),
  licensePlate: v.string(),
  isActive: v.boolean(),
  expiresUtc: isoDateTimeSchema,
});
export type BadgeSession = v.InferOutput<typeof badgeSessionSchema>;
