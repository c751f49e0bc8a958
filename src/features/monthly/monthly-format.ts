/** Dates, months and money of the monthly pages, in New York time (months run from the 1st there). */
import type { MonthlyContract, MonthlyContractPeriod } from '../../contract/monthly-contracts';

const TIME_ZONE = 'America/New_York';
const dateFormat = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, month: 'short', day: 'numeric', year: 'numeric' });
const monthFormat = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, month: 'long', year: 'numeric' });
const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatDate = (iso: string): string => dateFormat.format(new Date(iso));
export const formatMonth = (iso: string): string => monthFormat.format(new Date(iso));
export const formatMoney = (dollars: number): string => moneyFormat.format(dollars);

/** Spec 2 §4 "Monthly contracts": what an unpaid month means for the customer. */
export const UNPAID_NOTE =
  'Your monthly card is deactivated because the monthly fee was not paid by the first of the month. Until it is paid, parking is charged at the transient rate.';

export type SubscriptionStatus = 'Active' | 'Payment due' | 'Suspended' | 'Suspension scheduled' | 'Cancelled' | 'Awaiting first payment';

export function subscriptionStatus(contract: MonthlyContract, now = Date.now()): SubscriptionStatus {
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
