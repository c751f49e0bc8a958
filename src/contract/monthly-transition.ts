/**
 * The monthly-account transition (spec 3: §2 /monthly-transition/{locationNumber}, §3 "Monthly
 * transition", §5, §7 POST /transitions/api/transitions, §8): a monthly customer of the old
 * system moves their access card to their online account. Shared by the form and the server:
 * `transitionBodySchema` checks JSON types, `checkTransition` every rule with the spec's messages.
 * The registration form uses the field names of spec 2 §3 "Monthly reservation" form, and the
 * rules of spec 2 §5 "Monthly form".
 */
import * as v from 'valibot';

export const TRANSITION_MESSAGES = {
  emailRequired: 'Email Address field is required',
  emailInvalid: 'Email Address field must be a valid email',
  emailMismatch: 'The Email Address confirmation does not match',
  accessCardRequired: 'Access Card Number field is required',
  accessCardFormat: 'Access Card Number must be 4 digits',
  phoneRequired: 'Phone Number field is required',
  phoneFormat: 'Phone Number field format is invalid',
  cardRequired: 'Choose a saved card or add a new one',
  invalidUrl: 'Requested url is invalid! Please verify if you are trying to access proper url and try again later.',
  formInvalid: 'Form is not valid. Please fill all required fields to continue.',
  thankYou: 'Thank you! Your monthly account has been moved online. You will find your monthly contract under My Account.',
  noMonthlyParking: 'Monthly parking is not offered at this garage. Please call us.',
} as const;

export const alreadyTransitionedMessage = (accessCard: string) =>
  `Access card ${accessCard} has already been moved to an online account. If this is not you, please call us.`;

/** The card and phone are not on file at this garage in the old system (decision 0113); spec 3 gives no text: "the server's message". */
export const unknownAccessCardMessage = (accessCard: string) =>
  `We could not find access card ${accessCard} with this phone number at this garage. Please check the number on your card and the phone number the garage has for you, or call us.`;

/** Spec 2 §5 "Monthly form" messages. */
export const REGISTRATION_MESSAGES = {
  firstName: 'First Name field is required',
  lastName: 'Last Name field is required',
  street: 'Street field is required',
  city: 'City field is required',
  state: 'State must be selected',
  zipCode: 'ZIP Code field is required',
  vehicleBrand: 'Make field is required',
  vehicleModel: 'Model field is required',
  vehicleYear: 'Year field is required',
  vehicleColor: 'Color field is required',
  vehicleLicensePlate: 'License Plate field is required',
  plateFormat: 'License Plate must be 1 to 10 letters and numbers',
  vehicleState: 'License State field is required',
  vehicleOwnerName: 'Owner Name field is required',
  vehicleOwnerStreet: 'Address field is required',
} as const;

const text = v.pipe(v.string(), v.maxLength(100, 'must be at most 100 characters'));

export const registrationFormSchema = v.object({
  firstName: text, lastName: text, street: text, city: text, state: text, zipCode: text, country: text,
  vehicleBrand: text, vehicleModel: text, vehicleYear: text, vehicleColor: text, vehicleState: text, vehicleLicensePlate: text,
  vehicleOwnerName: text, vehicleOwnerStreet: text, vehicleOwnerCity: text, vehicleOwnerState: text, vehicleOwnerZipCode: text, vehicleOwnerCountry: text,
});
export type RegistrationForm = v.InferOutput<typeof registrationFormSchema>;
export type RegistrationErrors = Partial<Record<keyof RegistrationForm, string>>;

export const EMPTY_REGISTRATION_FORM: RegistrationForm = {
  firstName: '', lastName: '', street: '', city: '', state: '', zipCode: '', country: 'United States',
  vehicleBrand: '', vehicleModel: '', vehicleYear: '', vehicleColor: '', vehicleState: '', vehicleLicensePlate: '',
  vehicleOwnerName: '', vehicleOwnerStreet: '', vehicleOwnerCity: '', vehicleOwnerState: '', vehicleOwnerZipCode: '', vehicleOwnerCountry: 'United States',
};

export function checkRegistrationForm(form: RegistrationForm): RegistrationErrors {
  const errors: RegistrationErrors = {};
  for (const field of Object.keys(REGISTRATION_MESSAGES) as (keyof typeof REGISTRATION_MESSAGES)[]) {
    if (field === 'plateFormat') continue;
    if (!form[field].trim()) errors[field] = REGISTRATION_MESSAGES[field];
  }
  if (!errors.vehicleLicensePlate && !/^[A-Za-z0-9]{1,10}$/.test(form.vehicleLicensePlate.trim())) errors.vehicleLicensePlate = REGISTRATION_MESSAGES.plateFormat;
  return errors;
}

/** spec 3 §7 body. */
export const transitionBodySchema = v.object({
  locationId: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647)),
  customerPaymentMethodId: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647))),
  secomPhoneNumber: v.pipe(v.string(), v.maxLength(40)),
  secomAccessCardNumber: v.pipe(v.string(), v.maxLength(40)),
  transitionEmailAddress: v.pipe(v.string(), v.maxLength(255)),
  form: registrationFormSchema,
});
export type TransitionBody = v.InferOutput<typeof transitionBodySchema>;
export type TransitionErrors = Partial<Record<'secomPhoneNumber' | 'secomAccessCardNumber' | 'transitionEmailAddress' | 'emailConfirmation' | 'customerPaymentMethodId', string>> & { form?: RegistrationErrors };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every rule of spec 3 §5 "Monthly transition"; `emailConfirmation` only on the form (the server gets one email). */
export function checkTransition(body: TransitionBody, emailConfirmation?: string): TransitionErrors {
  const errors: TransitionErrors = {};
  const email = body.transitionEmailAddress.trim();
  if (!email) errors.transitionEmailAddress = TRANSITION_MESSAGES.emailRequired;
  else if (!EMAIL.test(email)) errors.transitionEmailAddress = TRANSITION_MESSAGES.emailInvalid;
  else if (emailConfirmation !== undefined && emailConfirmation.trim().toLowerCase() !== email.toLowerCase()) errors.emailConfirmation = TRANSITION_MESSAGES.emailMismatch;
  const card = body.secomAccessCardNumber.trim();
  if (!card) errors.secomAccessCardNumber = TRANSITION_MESSAGES.accessCardRequired;
  else if (!/^\d{4}$/.test(card)) errors.secomAccessCardNumber = TRANSITION_MESSAGES.accessCardFormat;
  const phone = body.secomPhoneNumber.trim();
  if (!phone) errors.secomPhoneNumber = TRANSITION_MESSAGES.phoneRequired;
  else if (!/^[\d\s().+-]{10,20}$/.test(phone) || (phone.match(/\d/g) ?? []).length < 10) errors.secomPhoneNumber = TRANSITION_MESSAGES.phoneFormat;
  if (body.customerPaymentMethodId === null) errors.customerPaymentMethodId = TRANSITION_MESSAGES.cardRequired;
  const form = checkRegistrationForm(body.form);
  if (Object.keys(form).length > 0) errors.form = form;
  return errors;
}

/** The messages of a failed check, in form order, for one 400 answer. */
export function transitionErrorMessages(errors: TransitionErrors): string[] {
  const { form, ...own } = errors;
  return [...Object.values(own), ...Object.values(form ?? {})].filter((message): message is string => Boolean(message));
}

export const transitionReceiptSchema = v.object({ transitionId: v.number(), monthlyContractId: v.number(), startUtc: v.string(), message: v.string() });
export type TransitionReceipt = v.InferOutput<typeof transitionReceiptSchema>;

export const staffTransitionSchema = v.object({
  transitionId: v.number(), locationNumber: v.string(), address1: v.string(), accessCardNumber: v.string(), phoneNumber: v.string(),
  email: v.string(), fullName: v.string(), vehicleLicensePlate: v.string(), monthlyContractId: v.number(), createdAt: v.string(),
});
export type StaffTransition = v.InferOutput<typeof staffTransitionSchema>;
