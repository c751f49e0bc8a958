/** Dates, months and money of the monthly pages, in New York time (months run from the 1st there). */
import type { MonthlyContract, MonthlyContractPeriod, MonthlyContractStatus } from '../../contract/monthly-contracts';

const TIME_ZONE = 'America/New_York';
const dateFormat = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, month: 'short', day: 'numeric', year: 'numeric' });
const monthFormat = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, month: 'long', year: 'numeric' });
const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatDate = (iso: string): string => dateFormat.format(new Date(iso));
export const formatMonth = (iso: string): string => monthFormat.format(new Date(iso));
export const formatMoney = (dollars: number): string => moneyFormat.format(dollars);
/** A garage as drivers know it (the access pass, the subscription pages): "330 W 42nd St · Lot 1042". */
export const garageLabel = (address: string, locationNumber: string): string => `${address} · Lot ${locationNumber}`;

/** Spec 2 §4 "Monthly contracts": what an unpaid month means for the customer. */
export const UNPAID_NOTE =
  'Your monthly card is deactivated because the monthly fee was not paid by the first of the month. Until it is paid, parking is charged at the transient rate.';

export type SubscriptionStatus = MonthlyContractStatus;

/**
 * An unpaid sign-up is listed this long after it was made, then dropped (migration 0099's
 * monthly_sign_up_abandoned says the same, decision 0113).
 */
export const UNPAID_SIGN_UP_MINUTES = 30;

/** The note under a sign-up still waiting for its first payment: until when it is kept. */
export function unpaidSignUpNote(createdUtc: string): string {
  const until = new Date(new Date(createdUtc).getTime() + UNPAID_SIGN_UP_MINUTES * 60_000);
  const time = until.toLocaleTimeString('en-US', { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' });
  return `The first month is not paid yet. This sign-up is kept until ${time} (${UNPAID_SIGN_UP_MINUTES} minutes); after that, sign up again.`;
}

/**
 * The status as the server derived it (decision 0113: one status on every page); the rules below
 * only read an answer cached before the server sent one.
 */
export function subscriptionStatus(contract: MonthlyContract, now = Date.now()): SubscriptionStatus {
  if (contract.status) return contract.status;
  if (contract.isCancelled) return 'Cancelled';
  if (!contract.monthlyReservation.isPaid && contract.monthlyContractPeriods[0]?.amount !== 0) return 'Awaiting first payment';
  if (contract.isContractDue) return 'Payment due';
  if (contract.isSuspended) return 'Suspended';
  if (contract.suspendedFromUtc && new Date(contract.suspendedFromUtc).getTime() > now) return 'Suspension scheduled';
  return 'Active';
}

/** A suspension is asked for or in force, and has not ended: resume is offered. */
export const canResume = (contract: MonthlyContract, now = Date.now()): boolean =>
  !contract.isCancelled && !!contract.suspendedFromUtc && (contract.resumeUtc === null || new Date(contract.resumeUtc).getTime() > now) && !contract.resumeRequested;

export const canSuspend = (contract: MonthlyContract, now = Date.now()): boolean =>
  !contract.isCancelled && !contract.isContractDue && contract.monthlyReservation.isPaid
  && !(contract.suspendedFromUtc && (contract.resumeUtc === null || new Date(contract.resumeUtc).getTime() > now));

export function periodLabel(period: MonthlyContractPeriod): string {
  if (period.kind === 'suspended') return `${formatMonth(period.startUtc)}: suspended`;
  if (period.kind === 'prorated') return `${formatDate(period.startUtc)} – ${formatDate(new Date(new Date(period.endUtc).getTime() - 1).toISOString())} (first month, prorated, with the service fee)`;
  return formatMonth(period.startUtc);
}

/** Oldest unpaid month with money due: what the balance modal pays next. */
export const oldestDuePeriod = (contract: MonthlyContract, now = Date.now()) =>
  contract.monthlyContractPeriods.find((period) => !period.isPaid && period.amount > 0 && new Date(period.startUtc).getTime() <= now);
