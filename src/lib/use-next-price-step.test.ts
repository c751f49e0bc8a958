import { describe, expect, it } from 'vitest';
import { isPricedByBoard } from './use-next-price-step';

describe('isPricedByBoard (when the next price step may be shown)', () => {
  const open = { status: 'open', amountPaid: 0, isMonthly: false, isMinimumCharge: false };

  it('holds for an open, unpaid daily ticket priced on the board, and for copies saved before the flag existed', () => {
    expect(isPricedByBoard(open)).toBe(true);
    expect(isPricedByBoard({ status: 'open', amountPaid: 0, isMonthly: false })).toBe(true);
  });

  it('does not hold for a ticket charged the minimum whatever the time (its price never steps up)', () => {
    expect(isPricedByBoard({ ...open, isMinimumCharge: true })).toBe(false);
  });

  it('does not hold for paid, exited or monthly tickets', () => {
    expect(isPricedByBoard({ ...open, status: 'paid' })).toBe(false);
    expect(isPricedByBoard({ ...open, status: 'exited' })).toBe(false);
    expect(isPricedByBoard({ ...open, amountPaid: 5 })).toBe(false);
    expect(isPricedByBoard({ ...open, isMonthly: true })).toBe(false);
  });
});
