import { describe, expect, it } from 'vitest';
import { contractState, formatContractDate, formatContractMoney, formatContractMonth, paidMonthsText } from './monthly-contract-summary';

const base = { isCancelled: false, isSuspended: false, isContractDue: false, isBlocked: false };

describe('contractState', () => {
  it('cancelled wins, then an unpaid month, then suspension, then an operator block', () => {
    expect(contractState(base)).toBe('active');
    expect(contractState({ ...base, isBlocked: true })).toBe('blocked');
    expect(contractState({ ...base, isSuspended: true, isBlocked: true })).toBe('suspended');
    expect(contractState({ ...base, isContractDue: true, isBlocked: true, isSuspended: true })).toBe('due');
    expect(contractState({ ...base, isCancelled: true, isContractDue: true })).toBe('cancelled');
  });
});

describe('formatting', () => {
  it('dates and months are New York ones; money is US dollars', () => {
    // 1 December 05:00 UTC is midnight in New York; 04:59 UTC is still 30 November there.
    expect(formatContractDate('2026-12-01T05:00:00.000Z')).toBe('Dec 1, 2026');
    expect(formatContractDate('2026-12-01T04:59:00.000Z')).toBe('Nov 30, 2026');
    expect(formatContractMonth('2026-11-01T04:00:00.000Z')).toBe('November 2026');
    expect(formatContractMoney(531.78)).toBe('$531.78');
    expect(formatContractMoney(325)).toBe('$325.00');
  });

  it('counts the paid months', () => {
    const period = (isPaid: boolean) => ({ monthlyContractPeriodId: 1, startUtc: '', endUtc: '', amount: 1, isPaid, paidUtc: null });
    expect(paidMonthsText({ monthlyContractPeriods: [period(true), period(true), period(false)] })).toBe('2 of 3 months paid');
    expect(paidMonthsText({ monthlyContractPeriods: [period(true)] })).toBe('1 of 1 month paid');
  });
});
