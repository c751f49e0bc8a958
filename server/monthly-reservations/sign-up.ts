/**
 * Monthly sign-up (spec 2 §4 "Monthly sign-up"): one accepted rate instance becomes one monthly
 * reservation. At a ticket-system location it also becomes a contract with its first month — the
 * days from the start date to the next 1st at the prorated rate, plus the service fee — which the
 * customer pays next (payable "monthly-period:<id>"); from then on the billing job charges the
 * card on the 1st. Elsewhere the office handles it: a monthly application, no contract.
 *
 * Retries (the client keeps the reservation id, spec 2 §4 step 7) and double taps meet the unique
 * index on the rate instance, so one sign-up is one reservation, one contract and one first month.
 */
import { Temporal } from 'temporal-polyfill';
import {
  checkMonthlyForm, type CreateMonthlyReservationBody, firstFormError, MONTHLY_SIGN_UP_MESSAGES, type MonthlyForm,
} from '../../src/contract/monthly-reservations.ts';
import type { Db } from '../db/client.ts';
import type { AuthUser } from '../lib/auth.ts';
import { insertSignUpClaim } from '../exemptions/service.ts';
import { HttpError } from '../lib/http-error.ts';
import { firstOfNewYorkMonth } from '../monthly-contracts/contract-view.ts';
import { requireStartDateInRange } from '../rates/monthly-pricing.ts';
import { customerOfUid, findRateInstance, findReservationByInstance, type InstanceRow } from './queries.ts';

const cents = (dollars: number) => Math.round(dollars * 100);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Midnight in New York at the start of a calendar date. */
export function newYorkMidnight(date: string): Date {
  return new Date(Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: 'America/New_York' }).epochMilliseconds);
}

function checkContactForm(body: CreateMonthlyReservationBody): void {
  if (body.fullName.trim() === '') throw new HttpError(400, MONTHLY_SIGN_UP_MESSAGES.nameRequired);
  if ((body.email ?? '').trim() === '') throw new HttpError(400, 'Email field is required');
  if (!EMAIL.test((body.email ?? '').trim())) throw new HttpError(400, MONTHLY_SIGN_UP_MESSAGES.emailInvalid);
  if (body.phoneNumber.trim() === '') throw new HttpError(400, 'Phone Number field is required');
}

function checkRegistration(form: MonthlyForm | null): MonthlyForm {
  if (!form) throw new HttpError(400, MONTHLY_SIGN_UP_MESSAGES.formRequired);
  const error = firstFormError(checkMonthlyForm(form));
  if (error) throw new HttpError(400, error);
  return { ...form, vehicleLicensePlate: (form.vehicleLicensePlate ?? '').trim().toUpperCase() };
}

async function insertSignUp(tx: Db, customerId: number, instance: InstanceRow, body: CreateMonthlyReservationBody, form: MonthlyForm | null, now: Date): Promise<number | undefined> {
  const [reservation] = await tx.query<{ monthly_reservation_id: number }>(
    `insert into monthly_reservations (customer_id, location_id, monthly_rate_id, monthly_rate_instance_id, full_name, email, phone_number, form, created_at)
     values ($1, $2, $3, $4::uuid, $5, $6, $7, $8::jsonb, $9)
     on conflict (monthly_rate_instance_id) do nothing returning monthly_reservation_id`,
    [customerId, instance.location_id, instance.monthly_rate_id, instance.monthly_rate_instance_id, body.fullName.trim(), body.email?.trim() || null,
      body.phoneNumber.trim() || null, form === null ? null : JSON.stringify(form), now],
  );
  if (!reservation) return undefined;
  const id = reservation.monthly_reservation_id;
  if (!instance.ski_data_location) {
    await tx.query(
      `insert into monthly_applications (monthly_reservation_id, check_in_date, created_at, updated_at) values ($1, $2::date, $3, $3)`,
      [id, instance.check_in_date, now],
    );
    return id;
  }
  const start = newYorkMidnight(instance.check_in_date);
  const [contract] = await tx.query<{ monthly_contract_id: number }>(
    `insert into monthly_contracts (monthly_reservation_id, customer_id, amount_cents, start_utc, created_at) values ($1, $2, $3, $4, $5) returning monthly_contract_id`,
    [id, customerId, cents(instance.applied_rate_value_with_tax), start, now],
  );
  // The first month: the start date to the next 1st, prorated, with the service fee.
  await tx.query(
    `insert into monthly_contract_periods (monthly_contract_id, start_utc, end_utc, amount_cents, kind) values ($1, $2, $3, $4, 'prorated')`,
    [contract?.monthly_contract_id, start, firstOfNewYorkMonth(start, 1), cents(instance.applied_pro_rate_value_with_tax) + cents(instance.applied_service_fee_amount_with_tax)],
  );
  // A tax exemption or resident rate claimed with the quote: the contract above bills the full
  // rate (the quote did too); the claim waits for proof and staff approval (decision 0104).
  const claim = instance.calculation.exemptionClaim?.claim;
  if (contract && (claim === 'tax-exempt' || claim === 'resident')) {
    await insertSignUpClaim(tx, { contractId: contract.monthly_contract_id, customerId, reservationId: id, claim, now });
  }
  return id;
}

export async function createMonthlyReservation(db: Db, now: Date, user: AuthUser, body: CreateMonthlyReservationBody): Promise<number> {
  const instance = await findRateInstance(db, body.monthlyRateInstanceId);
  if (!instance) throw new HttpError(404, MONTHLY_SIGN_UP_MESSAGES.rateInstanceUnknown);
  const sameInstance = async () => {
    const existing = await findReservationByInstance(db, instance.monthly_rate_instance_id);
    if (!existing) return undefined;
    if (existing.uid !== user.uid) throw new HttpError(409, MONTHLY_SIGN_UP_MESSAGES.rateInstanceTaken);
    return existing.monthly_reservation_id;
  };
  // A retry of a sign-up that went through: the same reservation, nothing new.
  const retried = await sameInstance();
  if (retried !== undefined) return retried;
  requireStartDateInRange(Temporal.PlainDate.from(instance.check_in_date), now);
  // A quote from before decision 0104 priced a claimed exemption without proof: not honoured.
  const { calculation } = instance;
  if ((calculation.isTaxExempt === true || calculation.isResident === true) && calculation.exemptionClaim === undefined) {
    throw new HttpError(409, 'This price quote has expired. Please choose the rate again.');
  }
  const customer = await customerOfUid(db, user.uid, user.email);
  let form: MonthlyForm | null = null;
  if (instance.ski_data_location) {
    if (!customer.email_verified) throw new HttpError(403, MONTHLY_SIGN_UP_MESSAGES.verifyEmailFirst);
    form = checkRegistration(body.monthlyReservationForm);
  } else {
    checkContactForm(body);
  }
  const created = await db.transaction((tx) => insertSignUp(tx, customer.customer_id, instance, body, form, now));
  if (created !== undefined) return created;
  // Lost a race with a double tap of the same sign-up.
  const raced = await sameInstance();
  if (raced === undefined) throw new Error(`monthly reservation of instance ${instance.monthly_rate_instance_id} vanished`);
  return raced;
}

/** PUT monthly-reservations/{id}/form: the registration form of a ticket-system reservation. */
export async function saveRegistrationForm(db: Db, reservationId: number, form: MonthlyForm): Promise<void> {
  const checked = checkRegistration(form);
  await db.query('update monthly_reservations set form = $2::jsonb where monthly_reservation_id = $1', [reservationId, JSON.stringify(checked)]);
}
