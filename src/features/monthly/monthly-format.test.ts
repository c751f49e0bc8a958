import { describe, expect, it } from 'vitest';
import type { MonthlyContract } from '../../contract/monthly-contracts';
import { canResume, canSuspend, garageLabel, oldestDuePeriod, subscriptionStatus, unpaidSignUpNote } from './monthly-format';

const NOW = Date.parse('2026-12-10T15:00:00Z');
const period = (start: string, isPaid: boolean, amount = 450) => ({ monthlyContractPeriodId: start.length, startUtc: start, endUtc: start, amount, isPaid, paidUtc: null, kind: 'billed' as const });
const contract = (over: Partial<MonthlyContract>): MonthlyContract => ({
  monthlyContractId: 1, customerId: 1, customerPaymentMethodId: 1, systemEntityId: 'monthlyContract:1', amount: 450, amountDue: 0, isCancelled: false,
  isContractDue: false, isSuspended: false, isBlocked: false, resumeRequested: false, periodsDue: 0,
  monthlyContractPeriods: [period('2026-11-01T04:00:00.000Z', true), period('2026-12-01T05:00:00.000Z', true)],
  createdUtc: '2026-11-01T04:00:00.000Z', startUtc: '2026-11-01T04:00:00.000Z', endUtc: null, resumeUtc: null, suspendedFromUtc: null, nextPaymentUtc: null,
  monthlyReservation: { monthlyReservationId: 1, locationId: 3, phoneNumber: null, email: null, fullName: 'A', isPaid: true, isContractBlocked: false, monthlyRateInstanceId: null, createdUtc: '2026-11-01T04:00:00.000Z' },
  ...over,
});

describe('subscription state', () => {
  it('reads due, scheduled suspension and suspension', () => {
    expect(subscriptionStatus(contract({}), NOW)).toBe('Active');
    expect(subscriptionStatus(contract({ isContractDue: true }), NOW)).toBe('Payment due');
    expect(subscriptionStatus(contract({ suspendedFromUtc: '2027-01-01T05:00:00.000Z' }), NOW)).toBe('Suspension scheduled');
    expect(subscriptionStatus(contract({ isSuspended: true, suspendedFromUtc: '2026-12-01T05:00:00.000Z' }), NOW)).toBe('Suspended');
  });
  it('offers suspend only when paid up and not suspended, resume only while a suspension stands', () => {
    expect(canSuspend(contract({}), NOW)).toBe(true);
    expect(canSuspend(contract({ isContractDue: true }), NOW)).toBe(false);
    expect(canSuspend(contract({ suspendedFromUtc: '2027-01-01T05:00:00.000Z' }), NOW)).toBe(false);
    expect(canResume(contract({ suspendedFromUtc: '2027-01-01T05:00:00.000Z' }), NOW)).toBe(true);
    expect(canResume(contract({ suspendedFromUtc: '2026-12-01T05:00:00.000Z', resumeUtc: '2027-01-01T05:00:00.000Z', resumeRequested: true }), NOW)).toBe(false);
    expect(canResume(contract({}), NOW)).toBe(false);
  });
  it('pays the oldest month due first', () => {
    const due = contract({ monthlyContractPeriods: [period('2026-11-01T04:00:00.000Z', false), period('2026-12-01T05:00:00.000Z', false), period('2027-01-01T05:00:00.000Z', false)] });
    expect(oldestDuePeriod(due, NOW)?.startUtc).toBe('2026-11-01T04:00:00.000Z');
  });
  it("reads the server's status first, the same on every page (decision 0113)", () => {
    // A transition: no months yet, isPaid true on the server; the status is the server's.
    expect(subscriptionStatus(contract({ status: 'Active', monthlyContractPeriods: [] }), NOW)).toBe('Active');
    expect(subscriptionStatus(contract({ status: 'Awaiting first payment', isContractDue: true }), NOW)).toBe('Awaiting first payment');
  });
  it('says until when an unpaid sign-up is kept, and names a garage by address and lot', () => {
    expect(unpaidSignUpNote('2026-12-10T15:00:00.000Z')).toBe('The first month is not paid yet. This sign-up is kept until 10:30 AM (30 minutes); after that, sign up again.');
    expect(garageLabel('330 W 42nd St', '1042')).toBe('330 W 42nd St · Lot 1042');
  });
});
