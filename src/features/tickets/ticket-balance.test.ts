import { describe, expect, it } from 'vitest';
import { canPayBalance, canUseCoupon, formatExitTime, isOverstayBalance, plateWarningFor } from './ticket-balance';

const ticket = { status: 'open' as const, isMonthlyTicket: false, amountDue: 12.5, amountPaid: 0 };

describe('balances', () => {
  it('an open ticket with something due can be paid, and takes coupons', () => {
    expect(canPayBalance(ticket)).toBe(true);
    expect(isOverstayBalance(ticket)).toBe(false);
    expect(canUseCoupon(ticket)).toBe(true);
  });
  it('a paid ticket owing more after the grace period is an overstay: payable again, no coupon', () => {
    const over = { ...ticket, status: 'paid' as const, amountPaid: 20, amountDue: 4.75 };
    expect(canPayBalance(over)).toBe(true);
    expect(isOverstayBalance(over)).toBe(true);
    expect(canUseCoupon(over)).toBe(false);
  });
  it('nothing is payable when nothing is due, the car left, or the ticket is monthly', () => {
    expect(canPayBalance({ ...ticket, amountDue: 0 })).toBe(false);
    expect(canPayBalance({ ...ticket, status: 'exited' })).toBe(false);
    expect(canPayBalance({ ...ticket, isMonthlyTicket: true })).toBe(false);
  });
});

describe('plateWarningFor', () => {
  const base = { isPlateMismatch: false, isAuditReview: false, status: 'open' as const };
  it('warns when the checked plate or the driver vehicles do not match', () => {
    expect(plateWarningFor(base, undefined)).toBe('none');
    expect(plateWarningFor({ ...base, isPlateMismatch: true }, undefined)).toBe('warning');
    expect(plateWarningFor(base, { plate: 'XYZ1', isMismatch: true })).toBe('warning');
    // A typed plate that matches wins over the vehicles check.
    expect(plateWarningFor({ ...base, isPlateMismatch: true }, { plate: 'NYC4821', isMismatch: false })).toBe('none');
  });
  it('a ticket under audit review always shows the audit warning; an exited one no warning', () => {
    expect(plateWarningFor({ ...base, isAuditReview: true }, undefined)).toBe('audit');
    expect(plateWarningFor({ ...base, isPlateMismatch: true, status: 'exited' }, undefined)).toBe('none');
  });
});

describe('formatExitTime', () => {
  it('shows New York wall-clock time', () => {
    expect(formatExitTime('2026-11-23T19:15:00Z')).toBe('2:15 PM');
  });
});
