import { describe, expect, it } from 'vitest';
import { type ContractRow, firstOfNewYorkMonth, type PeriodRow, toMonthlyContract } from './contract-view.ts';

const at = (iso: string) => new Date(iso);
const NOW = at('2026-11-23T19:00:00Z');

const row: ContractRow = {
  monthly_contract_id: 7,
  customer_id: 3,
  customer_payment_method_id: null,
  amount_cents: 53_178,
  start_utc: at('2026-09-01T04:00:00Z'),
  end_utc: null,
  suspended_at: null,
  resume_utc: null,
  resume_requested: false,
  cancelled_at: null,
  is_blocked: false,
  created_at: at('2026-08-20T15:00:00Z'),
  monthly_reservation_id: 11,
  location_id: 3,
  monthly_rate_instance_id: null,
  full_name: 'Sam Commuter',
  email: 'sam@example.com',
  phone_number: '+12015550102',
  reservation_created_at: at('2026-08-20T15:00:00Z'),
};

const month = (id: number, start: string, end: string, paidAt: string | null): PeriodRow => ({
  monthly_contract_period_id: id, monthly_contract_id: 7, start_utc: at(start), end_utc: at(end), amount_cents: 53_178, paid_at: paidAt ? at(paidAt) : null, kind: 'billed', credit_cents: 0,
});
const SEPTEMBER = month(1, '2026-09-01T04:00:00Z', '2026-10-01T04:00:00Z', '2026-08-20T15:00:00Z');
const OCTOBER = month(2, '2026-10-01T04:00:00Z', '2026-11-01T04:00:00Z', '2026-10-01T09:00:00Z');
const NOVEMBER_PAID = month(3, '2026-11-01T04:00:00Z', '2026-12-01T05:00:00Z', '2026-11-01T09:00:00Z');
const NOVEMBER_UNPAID = { ...NOVEMBER_PAID, paid_at: null };

describe('firstOfNewYorkMonth', () => {
  it('is midnight in New York on the 1st, across daylight saving time', () => {
    expect(firstOfNewYorkMonth(NOW).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(firstOfNewYorkMonth(NOW, 1).toISOString()).toBe('2026-12-01T05:00:00.000Z');
    // 1 December 03:00 UTC is still 30 November in New York.
    expect(firstOfNewYorkMonth(at('2026-12-01T03:00:00Z'), 1).toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });
});

describe('toMonthlyContract', () => {
  it('a paid-up contract: nothing due, card active, next charge on the next 1st', () => {
    const contract = toMonthlyContract(row, [NOVEMBER_PAID, SEPTEMBER, OCTOBER], NOW);
    expect(contract).toMatchObject({
      monthlyContractId: 7, customerId: 3, systemEntityId: 'monthlyContract:7', amount: 531.78, amountDue: 0, periodsDue: 0,
      isContractDue: false, isBlocked: false, isSuspended: false, isCancelled: false, nextPaymentUtc: '2026-12-01T05:00:00.000Z',
      monthlyReservation: { monthlyReservationId: 11, locationId: 3, isPaid: true, isContractBlocked: false },
    });
    expect(contract.monthlyContractPeriods.map((period) => period.monthlyContractPeriodId)).toEqual([1, 2, 3]);
  });

  it('a month unpaid by its 1st makes the contract due and blocks the card', () => {
    const contract = toMonthlyContract(row, [SEPTEMBER, OCTOBER, NOVEMBER_UNPAID], NOW);
    expect(contract).toMatchObject({ amountDue: 531.78, periodsDue: 1, isContractDue: true, isBlocked: true, monthlyReservation: { isContractBlocked: true } });
    // Before the 1st the same month is not due yet.
    expect(toMonthlyContract(row, [SEPTEMBER, OCTOBER, NOVEMBER_UNPAID], at('2026-11-01T03:59:59Z')).isContractDue).toBe(false);
  });

  it('suspended until the resume date: no next charge; cancelled: not blocked and no next charge', () => {
    const suspended = toMonthlyContract({ ...row, suspended_at: at('2026-11-01T04:00:00Z'), resume_utc: at('2027-01-01T05:00:00Z'), resume_requested: true }, [SEPTEMBER, OCTOBER], NOW);
    expect(suspended).toMatchObject({ isSuspended: true, resumeRequested: true, nextPaymentUtc: null, resumeUtc: '2027-01-01T05:00:00.000Z' });
    expect(toMonthlyContract({ ...row, suspended_at: at('2026-10-01T04:00:00Z'), resume_utc: at('2026-11-01T04:00:00Z') }, [], NOW).isSuspended).toBe(false);
    const cancelled = toMonthlyContract({ ...row, cancelled_at: at('2026-11-20T12:00:00Z'), is_blocked: true }, [SEPTEMBER, OCTOBER, NOVEMBER_UNPAID], NOW);
    expect(cancelled).toMatchObject({ isCancelled: true, isBlocked: false, nextPaymentUtc: null });
  });

  it('an operator block deactivates the card even when paid up', () => {
    expect(toMonthlyContract({ ...row, is_blocked: true }, [SEPTEMBER, OCTOBER, NOVEMBER_PAID], NOW).isBlocked).toBe(true);
  });

  it('one status for every page: a transition (no months yet) is Active and paid; an unpaid sign-up awaits its first payment', () => {
    // Decision 0113: the list and the detail page read this, never a status of their own.
    expect(toMonthlyContract(row, [], NOW)).toMatchObject({ status: 'Active', monthlyReservation: { isPaid: true } });
    const prorated: PeriodRow = { ...month(9, '2026-11-20T05:00:00Z', '2026-12-01T05:00:00Z', null), kind: 'prorated', amount_cents: 21_000 };
    expect(toMonthlyContract(row, [prorated], NOW)).toMatchObject({ status: 'Awaiting first payment', monthlyReservation: { isPaid: false } });
    expect(toMonthlyContract(row, [{ ...prorated, paid_at: NOW }], NOW)).toMatchObject({ status: 'Active', monthlyReservation: { isPaid: true } });
    // A first billed month unpaid by its 1st is a payment due, not a first payment.
    expect(toMonthlyContract(row, [NOVEMBER_UNPAID], NOW).status).toBe('Payment due');
    expect(toMonthlyContract({ ...row, is_blocked: true }, [NOVEMBER_PAID], NOW).status).toBe('Card deactivated');
    expect(toMonthlyContract({ ...row, suspended_at: at('2026-12-01T05:00:00Z') }, [NOVEMBER_PAID], NOW).status).toBe('Suspension scheduled');
    expect(toMonthlyContract({ ...row, cancelled_at: at('2026-11-20T12:00:00Z') }, [prorated], NOW).status).toBe('Cancelled');
  });
});
