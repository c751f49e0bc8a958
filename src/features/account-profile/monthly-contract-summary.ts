/**
 * What the Reservations page says about one monthly contract (spec 2 §3 Monthly contract, §4
 * Monthly contracts): its state, the amount due and the dates, in New York time.
 */
import type { MonthlyContract } from '../../contract/monthly-contracts';

const TIME_ZONE = 'America/New_York';
const dateFormat = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, month: 'short', day: 'numeric', year: 'numeric' });
const monthFormat = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, month: 'long', year: 'numeric' });
const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatContractDate = (iso: string): string => dateFormat.format(new Date(iso));
export const formatContractMonth = (iso: string): string => monthFormat.format(new Date(iso));
export const formatContractMoney = (dollars: number): string => moneyFormat.format(dollars);

export type ContractState = 'active' | 'due' | 'suspended' | 'cancelled' | 'blocked';

export const CONTRACT_STATE_LABELS: Record<ContractState, string> = {
  active: 'Active',
  due: 'Payment due',
  suspended: 'Suspended',
  cancelled: 'Cancelled',
  blocked: 'Card deactivated',
};

/** Spec 2 §4 "Monthly contracts": the consequence of an unpaid month, for the customer to read. */
export const UNPAID_NOTE =
  'Your monthly card is deactivated because the monthly fee was not paid by the first of the month. Until it is paid, parking is charged at the transient rate.';

export function contractState(contract: Pick<MonthlyContract, 'isCancelled' | 'isSuspended' | 'isContractDue' | 'isBlocked'>): ContractState {
  if (contract.isCancelled) return 'cancelled';
  if (contract.isContractDue) return 'due';
  if (contract.isSuspended) return 'suspended';
  if (contract.isBlocked) return 'blocked';
  return 'active';
}

/** "3 of 4 months paid" over the months billed so far. */
export function paidMonthsText(contract: Pick<MonthlyContract, 'monthlyContractPeriods'>): string {
  const periods = contract.monthlyContractPeriods;
  const paid = periods.filter((period) => period.isPaid).length;
  return `${paid} of ${periods.length} ${periods.length === 1 ? 'month' : 'months'} paid`;
}
