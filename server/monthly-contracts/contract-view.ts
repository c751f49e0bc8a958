/**
 * A stored contract and its billed months → the spec's Monthly contract (spec 2 §3). What changes
 * with time (amount due, months due, blocked card, next charge) is derived here from `now`, not
 * stored, so the answer is right at any moment without a job that flips flags.
 *
 * Rules (spec 2 §4 "Monthly contracts", §9): the card is charged on the 1st of each month (New
 * York); a month unpaid by its 1st makes the contract due and deactivates the card (isBlocked).
 */
import { Temporal } from 'temporal-polyfill';
import { MONTHLY_CONTRACT_ENTITY_KIND, type MonthlyContract, type MonthlyContractPeriodKind, type MonthlyContractStatus } from '../../src/contract/monthly-contracts.ts';

const NEW_YORK = 'America/New_York';

export type ContractRow = {
  monthly_contract_id: number;
  customer_id: number;
  customer_payment_method_id: number | null;
  amount_cents: number;
  start_utc: Date;
  end_utc: Date | null;
  suspended_at: Date | null;
  resume_utc: Date | null;
  resume_requested: boolean;
  cancelled_at: Date | null;
  is_blocked: boolean;
  created_at: Date;
  monthly_reservation_id: number;
  location_id: number;
  monthly_rate_instance_id: string | null;
  full_name: string;
  email: string | null;
  phone_number: string | null;
  reservation_created_at: Date;
};

export type PeriodRow = {
  monthly_contract_period_id: number;
  monthly_contract_id: number;
  start_utc: Date;
  end_utc: Date;
  amount_cents: number;
  paid_at: Date | null;
  /** billed | prorated | suspended (server/db/migrations/0070_monthly_billing.sql) */
  kind: MonthlyContractPeriodKind;
  /** Taken off by credit (migration 0092); amount_cents is what was left to charge. */
  credit_cents: number;
};

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const dollars = (cents: number) => cents / 100;
const at = (value: Date | string) => new Date(value).getTime();

/** Midnight in New York on the 1st of the month `monthOffset` months after the month containing `instant`. */
export function firstOfNewYorkMonth(instant: Date, monthOffset = 0): Date {
  const month = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(NEW_YORK).toPlainDate().toPlainYearMonth().add({ months: monthOffset });
  return new Date(month.toPlainDate({ day: 1 }).toZonedDateTime({ timeZone: NEW_YORK }).epochMilliseconds);
}

/**
 * The sign-up's first month is settled: its prorated period (the only one a sign-up pays itself)
 * is paid or costs nothing. A contract without one (a transition, the seed) was paid in the old
 * system before it came online. The same rule as first_paid in server/monthly-reservations/queries.ts.
 */
export function isFirstMonthSettled(periods: readonly Pick<PeriodRow, 'kind' | 'paid_at' | 'amount_cents'>[]): boolean {
  return !periods.some((period) => period.kind === 'prorated' && period.paid_at === null && period.amount_cents > 0);
}

type StatusFacts = { isCancelled: boolean; isFirstMonthSettled: boolean; isContractDue: boolean; isSuspended: boolean; suspendedFromMs: number | null; isBlockedByOperator: boolean };

/** The one status every page shows (decision 0113), in this order of precedence. */
export function contractStatus(facts: StatusFacts, nowMs: number): MonthlyContractStatus {
  if (facts.isCancelled) return 'Cancelled';
  if (!facts.isFirstMonthSettled) return 'Awaiting first payment';
  if (facts.isContractDue) return 'Payment due';
  if (facts.isSuspended) return 'Suspended';
  if (facts.isBlockedByOperator) return 'Card deactivated';
  if (facts.suspendedFromMs !== null && facts.suspendedFromMs > nowMs) return 'Suspension scheduled';
  return 'Active';
}

export function toMonthlyContract(row: ContractRow, periods: readonly PeriodRow[], now: Date): MonthlyContract {
  const nowMs = now.getTime();
  const ordered = [...periods].sort((a, b) => at(a.start_utc) - at(b.start_utc));
  // A suspended month costs nothing, so it is never due.
  const due = ordered.filter((period) => period.paid_at === null && period.amount_cents > 0 && at(period.start_utc) <= nowMs);
  const isCancelled = row.cancelled_at !== null && at(row.cancelled_at) <= nowMs;
  const hasEnded = row.end_utc !== null && at(row.end_utc) <= nowMs;
  const isSuspended = !isCancelled && row.suspended_at !== null && at(row.suspended_at) <= nowMs && (row.resume_utc === null || at(row.resume_utc) > nowMs);
  const isContractDue = due.length > 0;
  const isBlocked = !isCancelled && (row.is_blocked || isContractDue);
  const isRunning = !isCancelled && !hasEnded && !isSuspended;
  const nextCharge = firstOfNewYorkMonth(now, 1);
  const firstMonthSettled = isFirstMonthSettled(ordered);
  const nextPaymentUtc = isRunning && (row.end_utc === null || at(row.end_utc) > nextCharge.getTime()) ? nextCharge.toISOString() : null;
  return {
    monthlyContractId: row.monthly_contract_id,
    customerId: row.customer_id,
    customerPaymentMethodId: row.customer_payment_method_id,
    systemEntityId: `${MONTHLY_CONTRACT_ENTITY_KIND}:${row.monthly_contract_id}`,
    amount: dollars(row.amount_cents),
    amountDue: dollars(due.reduce((sum, period) => sum + period.amount_cents, 0)),
    isCancelled,
    isContractDue,
    isSuspended,
    isBlocked,
    resumeRequested: row.resume_requested,
    periodsDue: due.length,
    monthlyContractPeriods: ordered.map((period) => ({
      monthlyContractPeriodId: period.monthly_contract_period_id,
      startUtc: iso(period.start_utc),
      endUtc: iso(period.end_utc),
      amount: dollars(period.amount_cents),
      isPaid: period.paid_at !== null,
      paidUtc: isoOrNull(period.paid_at),
      kind: period.kind,
      credit: dollars(period.credit_cents),
    })),
    createdUtc: iso(row.created_at),
    startUtc: iso(row.start_utc),
    endUtc: isoOrNull(row.end_utc),
    resumeUtc: isoOrNull(row.resume_utc),
    suspendedFromUtc: isoOrNull(row.suspended_at),
    nextPaymentUtc,
    monthlyReservation: {
      monthlyReservationId: row.monthly_reservation_id,
      locationId: row.location_id,
      phoneNumber: row.phone_number,
      email: row.email,
      fullName: row.full_name,
      // The reservation is paid once its first month is.
      isPaid: firstMonthSettled,
      isContractBlocked: isBlocked,
      monthlyRateInstanceId: row.monthly_rate_instance_id,
      createdUtc: iso(row.reservation_created_at),
    },
    status: contractStatus({
      isCancelled, isFirstMonthSettled: firstMonthSettled, isContractDue, isSuspended, isBlockedByOperator: row.is_blocked,
      suspendedFromMs: row.suspended_at === null ? null : at(row.suspended_at),
    }, nowMs),
  };
}
