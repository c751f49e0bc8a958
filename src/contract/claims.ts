/**
 * The customer claim report (spec 3: §2 /incidentreport, §3 Claim, §5 Claim form, §7 Claims,
 * §8 texts). Shared by the form and the claims service, as vehicles.ts is for vehicles:
 * `claimPayloadSchema` checks only JSON types, `checkClaim` applies every rule with the spec's
 * messages, one per field, so the client shows what the server would answer.
 *
 * The form holds text (`ClaimDraft`); `toClaimPayload` turns it into what is sent (spec 3 §7):
 * the claim number without its leading E, dates as date only, empty phones as null, and the
 * car-brought-in / car-called-for times as US Eastern wall time with its offset
 * ("2026-11-23T14:30:00-05:00") whatever the device's own time zone: the garage is in New York.
 */
import { isValidPhoneNumber } from 'libphonenumber-js';
import * as v from 'valibot';
import { newYorkOffsetHours } from './new-york-offset.ts';

export const CLAIM_NUMBER_PREFIX = 'E';
export const VIN_LENGTH = 17;
export const MAX_CLAIM_PHOTOS = 5;
export const MAX_CLAIM_PHOTO_BYTES = 8 * 1024 * 1024;
export const CLAIM_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const CLAIM_MESSAGES = {
  locationRequired: 'Location field is required',
  incidentDateRequired: 'Incident date field is required',
  reportDateRequired: 'Report date field is required',
  firstNameRequired: 'First name field is required',
  lastNameRequired: 'Last Name field is required',
  claimNumberRequired: 'Claim number field is required',
  carBroughtInRequired: 'Car Brought In field is required',
  carCalledForRequired: 'Car Called For field is required',
  yesNoRequired: 'Field is required',
  primaryPhoneInvalid: 'Primary Phone field is invalid',
  alternatePhoneInvalid: 'Alternate Phone field is invalid',
  businessPhoneInvalid: 'Business Phone field is invalid',
  emailInvalid: 'Email Address field must be a valid email',
  vinLength: `VIN must be ${VIN_LENGTH} characters`,
  formInvalid: 'Form is not valid. Please fill all required fields to continue.',
  saveFailed: 'Customer Claims Request Error',
  saved: 'Customer Claim saved successfully',
  tooManyPhotos: `Attach at most ${MAX_CLAIM_PHOTOS} photos.`,
  photoTooLarge: `Each photo must be ${MAX_CLAIM_PHOTO_BYTES / (1024 * 1024)} MB or smaller.`,
  photoType: 'Photos must be JPEG, PNG or WebP images.',
} as const;

/** Spec 3 §8, with the phone number the spec leaves out filled in by the caller. */
export const receivedMessage = (phone: string) => `Your information has been received. Please call ${phone} for more information.`;

/** Spec 3 §5 maximum lengths, plus limits of our own where the spec gives none (claim number, free text). */
export const CLAIM_LIMITS = {
  firstName: 50, lastName: 50, claimNumber: 20,
  emailAddress: 255, street: 100, city: 100, state: 100, zipCode: 20,
  primaryPhone: 50, alternatePhone: 50, businessPhone: 50,
  vehicleYear: 4, vehicleColor: 20, vehicleState: 50, vehicleMileage: 15, vehicleMake: 50, vehicleModel: 50,
  vehiclePlate: 10, vehicleVin: VIN_LENGTH, parkedBy: 50, deliveredBy: 50,
  insuranceCompanyName: 255, policyNumber: 255,
  natureOfClaim: 2000, lossDetails: 2000, accidentDescription: 4000,
} as const;

export const CLAIM_LABELS: Record<keyof typeof CLAIM_LIMITS | 'incidentDate' | 'reportDate' | 'carBroughtIn' | 'carCalledFor' | 'policyExpirationDateTime', string> = {
  firstName: 'First name', lastName: 'Last Name', claimNumber: 'Claim number',
  emailAddress: 'Email Address', street: 'Street', city: 'City', state: 'State', zipCode: 'ZIP Code',
  primaryPhone: 'Primary Phone', alternatePhone: 'Alternate Phone', businessPhone: 'Business Phone',
  vehicleYear: 'Vehicle Year', vehicleColor: 'Vehicle Color', vehicleState: 'Vehicle State', vehicleMileage: 'Mileage',
  vehicleMake: 'Vehicle Make', vehicleModel: 'Vehicle Model', vehiclePlate: 'License Plate', vehicleVin: 'VIN',
  parkedBy: 'Parked By', deliveredBy: 'Delivered By', insuranceCompanyName: 'Insurance Company', policyNumber: 'Policy Number',
  natureOfClaim: 'Nature of Claim', lossDetails: 'Loss Details', accidentDescription: 'Accident Description',
  incidentDate: 'Incident date', reportDate: 'Report date', carBroughtIn: 'Car Brought In', carCalledFor: 'Car Called For',
  policyExpirationDateTime: 'Policy Expiration Date',
};

export const tooLongMessage = (field: keyof typeof CLAIM_LIMITS) => `${CLAIM_LABELS[field]} must be at most ${CLAIM_LIMITS[field]} characters`;
export const inFutureMessage = (field: 'incidentDate' | 'reportDate' | 'carBroughtIn' | 'carCalledFor') => `${CLAIM_LABELS[field]} cannot be in the future`;
export const invalidDateMessage = (field: keyof typeof CLAIM_LABELS) => `${CLAIM_LABELS[field]} is not a valid date`;

const text = v.nullable(v.string());
const flag = v.nullable(v.boolean());

/** What the form sends (spec 3 §3 Claim); types only — the rules are checkClaim's. */
export const claimPayloadSchema = v.object({
  // The database's locations.location_id is int4 (paged.ts INT4_MAX, not imported: the service
  // worker's build includes this file alone): a larger number is a 400 here, not a 500 there (issue 37).
  locationID: v.nullable(v.pipe(v.number(), v.integer(), v.maxValue(2_147_483_647, 'is not a known location'))),
  incidentDate: text, reportDate: text, claimNumber: text,
  primaryPhone: text, alternatePhone: text, businessPhone: text, emailAddress: text,
  street: text, city: text, state: text, zipCode: text, firstName: text, lastName: text,
  vehicleVin: text, vehicleState: text, vehicleMake: text, vehicleModel: text, vehicleYear: text,
  vehicleColor: text, vehicleMileage: text, vehiclePlate: text,
  carBroughtIn: text, parkedBy: text, carCalledFor: text, deliveredBy: text,
  natureOfClaim: text, lossDetails: text, accidentDescription: text,
  attendantPossesedKeys: flag, isDamagePhotographed: flag,
  insuranceCompanyName: text, policyNumber: text, policyExpirationDateTime: text,
  liability: v.boolean(), comprehensive: v.boolean(), collision: v.boolean(),
});
export type ClaimPayload = v.InferOutput<typeof claimPayloadSchema>;
export type ClaimField = keyof ClaimPayload;
export type ClaimErrors = Partial<Record<ClaimField, string>>;

/** The form's own state: every field as typed; yes/no answers as '' until chosen. */
export type ClaimDraft = {
  [K in ClaimField]: ClaimPayload[K] extends boolean ? boolean : ClaimPayload[K] extends boolean | null ? '' | 'yes' | 'no' : string;
};

export const EMPTY_CLAIM_DRAFT: ClaimDraft = {
  locationID: '', incidentDate: '', reportDate: '', claimNumber: '',
  primaryPhone: '', alternatePhone: '', businessPhone: '', emailAddress: '',
  street: '', city: '', state: '', zipCode: '', firstName: '', lastName: '',
  vehicleVin: '', vehicleState: '', vehicleMake: '', vehicleModel: '', vehicleYear: '',
  vehicleColor: '', vehicleMileage: '', vehiclePlate: '',
  carBroughtIn: '', parkedBy: '', carCalledFor: '', deliveredBy: '',
  natureOfClaim: '', lossDetails: '', accidentDescription: '',
  attendantPossesedKeys: '', isDamagePhotographed: '',
  insuranceCompanyName: '', policyNumber: '', policyExpirationDateTime: '',
  liability: false, comprehensive: false, collision: false,
};

/** Spec 3 §5: a leading E is removed when sent (typed "e1234" or "E1234" both become "1234"). */
export function stripClaimNumberPrefix(claimNumber: string): string {
  const trimmed = claimNumber.trim();
  return trimmed.toUpperCase().startsWith(CLAIM_NUMBER_PREFIX) ? trimmed.slice(1).trim() : trimmed;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/;
const EASTERN_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(-0[45]:00)$/;

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && year <= 2999 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** "YYYY-MM-DD" of a date input or the date part of a date-time ("2026-11-23T…" → "2026-11-23"). */
export function toDateOnly(value: string): string {
  return value.trim().slice(0, 10);
}

/** A wall time typed for a New York garage ("2026-11-23T14:30") as that instant with New York's offset. */
export function toEasternTime(wallTime: string): string | null {
  const match = WALL_TIME.exec(wallTime.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  if (!isRealDate(y, mo, d) || h > 23 || mi > 59) return null;
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // The offset in force at that wall time (an hour either way only matters inside the DST switch hour).
  const offset = newYorkOffsetHours(asUtc + 5 * 3_600_000);
  return `${wallTime.trim().slice(0, 16)}:00-0${-offset}:00`;
}

/** The instant of a sent Eastern time, or undefined when it is not one. */
export function parseEasternTime(value: string): number | undefined {
  const match = EASTERN_TIME.exec(value);
  if (!match) return undefined;
  const [y, mo, d, h, mi] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  if (!isRealDate(y, mo, d) || h > 23 || mi > 59) return undefined;
  const instant = Date.parse(value);
  // The offset must be New York's at that instant (no "-04:00" in January).
  return newYorkOffsetHours(instant) === -Number(match[7]?.slice(2, 3)) ? instant : undefined;
}

function isDate(value: string): boolean {
  const match = DATE.exec(value);
  return Boolean(match) && isRealDate(Number(match?.[1]), Number(match?.[2]), Number(match?.[3]));
}

const blankToNull = (value: string) => (value.trim() ? value.trim() : null);
const yesNo = (value: '' | 'yes' | 'no') => (value === '' ? null : value === 'yes');

export function toClaimPayload(draft: ClaimDraft): ClaimPayload {
  const textOf = (field: Exclude<ClaimField, 'locationID' | 'attendantPossesedKeys' | 'isDamagePhotographed' | 'liability' | 'comprehensive' | 'collision'>) =>
    blankToNull(draft[field]);
  const dateOf = (value: string) => (value.trim() ? toDateOnly(value) : null);
  const timeOf = (value: string) => (value.trim() ? (toEasternTime(value) ?? value.trim()) : null);
  return {
    locationID: /^\d{1,9}$/.test(draft.locationID) ? Number(draft.locationID) : null,
    incidentDate: dateOf(draft.incidentDate),
    reportDate: dateOf(draft.reportDate),
    claimNumber: draft.claimNumber.trim() ? stripClaimNumberPrefix(draft.claimNumber) : null,
    primaryPhone: textOf('primaryPhone'), alternatePhone: textOf('alternatePhone'), businessPhone: textOf('businessPhone'),
    emailAddress: textOf('emailAddress'), street: textOf('street'), city: textOf('city'), state: textOf('state'), zipCode: textOf('zipCode'),
    firstName: textOf('firstName'), lastName: textOf('lastName'),
    vehicleVin: draft.vehicleVin.trim() ? draft.vehicleVin.trim().toUpperCase() : null,
    vehicleState: textOf('vehicleState'), vehicleMake: textOf('vehicleMake'), vehicleModel: textOf('vehicleModel'),
    vehicleYear: textOf('vehicleYear'), vehicleColor: textOf('vehicleColor'), vehicleMileage: textOf('vehicleMileage'),
    vehiclePlate: draft.vehiclePlate.trim() ? draft.vehiclePlate.replace(/[\s.-]/g, '').toUpperCase() : null,
    carBroughtIn: timeOf(draft.carBroughtIn), parkedBy: textOf('parkedBy'),
    carCalledFor: timeOf(draft.carCalledFor), deliveredBy: textOf('deliveredBy'),
    natureOfClaim: textOf('natureOfClaim'), lossDetails: textOf('lossDetails'), accidentDescription: textOf('accidentDescription'),
    attendantPossesedKeys: yesNo(draft.attendantPossesedKeys), isDamagePhotographed: yesNo(draft.isDamagePhotographed),
    insuranceCompanyName: textOf('insuranceCompanyName'), policyNumber: textOf('policyNumber'),
    policyExpirationDateTime: dateOf(draft.policyExpirationDateTime),
    liability: draft.liability, comprehensive: draft.comprehensive, collision: draft.collision,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Every rule of spec 3 §5 on what is sent. `now` is the checking clock; `today` its New York date.
 * Returns one message per failing field (empty when the claim is valid).
 */
export function checkClaim(claim: ClaimPayload, now: Date, today: string): ClaimErrors {
  const errors: ClaimErrors = {};
  const required: [ClaimField, string][] = [
    ['locationID', CLAIM_MESSAGES.locationRequired], ['incidentDate', CLAIM_MESSAGES.incidentDateRequired],
    ['reportDate', CLAIM_MESSAGES.reportDateRequired], ['firstName', CLAIM_MESSAGES.firstNameRequired],
    ['lastName', CLAIM_MESSAGES.lastNameRequired], ['claimNumber', CLAIM_MESSAGES.claimNumberRequired],
    ['carBroughtIn', CLAIM_MESSAGES.carBroughtInRequired], ['carCalledFor', CLAIM_MESSAGES.carCalledForRequired],
    ['attendantPossesedKeys', CLAIM_MESSAGES.yesNoRequired], ['isDamagePhotographed', CLAIM_MESSAGES.yesNoRequired],
  ];
  for (const [field, message] of required) {
    const value = claim[field];
    if (value === null || value === '') errors[field] = message;
  }
  for (const field of Object.keys(CLAIM_LIMITS) as (keyof typeof CLAIM_LIMITS)[]) {
    const value = claim[field];
    if (value !== null && value.length > CLAIM_LIMITS[field] && !errors[field]) errors[field] = tooLongMessage(field);
  }
  for (const field of ['incidentDate', 'reportDate'] as const) {
    const value = claim[field];
    if (value === null || errors[field]) continue;
    if (!isDate(value)) errors[field] = invalidDateMessage(field);
    else if (value > today) errors[field] = inFutureMessage(field);
  }
  if (claim.policyExpirationDateTime !== null && !isDate(claim.policyExpirationDateTime)) {
    errors.policyExpirationDateTime = invalidDateMessage('policyExpirationDateTime');
  }
  for (const field of ['carBroughtIn', 'carCalledFor'] as const) {
    const value = claim[field];
    if (value === null || errors[field]) continue;
    const instant = parseEasternTime(value);
    if (instant === undefined) errors[field] = invalidDateMessage(field);
    else if (instant > now.getTime()) errors[field] = inFutureMessage(field);
  }
  const phones = [
    ['primaryPhone', CLAIM_MESSAGES.primaryPhoneInvalid], ['alternatePhone', CLAIM_MESSAGES.alternatePhoneInvalid],
    ['businessPhone', CLAIM_MESSAGES.businessPhoneInvalid],
  ] as const;
  for (const [field, message] of phones) {
    const value = claim[field];
    if (value !== null && !errors[field] && !isValidPhoneNumber(value, 'US')) errors[field] = message;
  }
  if (claim.emailAddress !== null && !errors.emailAddress && !EMAIL.test(claim.emailAddress)) errors.emailAddress = CLAIM_MESSAGES.emailInvalid;
  if (claim.vehicleVin !== null && !errors.vehicleVin && claim.vehicleVin.length !== VIN_LENGTH) errors.vehicleVin = CLAIM_MESSAGES.vinLength;
  return errors;
}

/** Spec 3 §3: the claims location list. */
export const claimLocationsSchema = v.object({
  Results: v.array(v.object({ LocationID: v.number(), LocationNumber: v.string(), Address1: v.string() })),
});
export type ClaimLocations = v.InferOutput<typeof claimLocationsSchema>;

export const claimReceiptSchema = v.object({ claimId: v.number(), claimNumber: v.string(), photoCount: v.number(), message: v.string() });
export type ClaimReceipt = v.InferOutput<typeof claimReceiptSchema>;

/** How a claim is sent: multipart, the claim JSON in this field, photos in PHOTOS_FIELD, a draft id for retries. */
export const CLAIM_FIELD = 'claim';
export const PHOTOS_FIELD = 'photos';
export const SUBMISSION_ID_HEADER = 'Idempotency-Key';

/** New York's wall time at an instant, as a date-time input holds it ("2026-11-23T14:00"): the inputs' max. */
export function newYorkWallTime(instant: Date): string {
  return new Date(instant.getTime() + newYorkOffsetHours(instant.getTime()) * 3_600_000).toISOString().slice(0, 16);
}
