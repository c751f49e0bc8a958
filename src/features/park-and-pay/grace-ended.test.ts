import { describe, expect, it } from 'vitest';
import type { RatePricing } from '../../contract/rates';
import { extraDueCents, graceEndedAt, isOverstayed } from './grace-ended';

const MINUTE = 60_000;
const ENTRY = Date.parse('2026-12-02T15:00:00Z');
const EXIT_BY = ENTRY + 75 * MINUTE;

/** $10 up to an hour, $20 up to two, $30 for the day; 10 % tax and a $1 fee. */
const BOARD: RatePricing = {
  hourly: [{ days: [1, 2, 3, 4, 5, 6, 7], tiers: [{ upToMinutes: 60, cents: 1000 }, { upToMinutes: 120, cents: 2000 }, { upToMinutes: 1440, cents: 3000 }] }],
  specials: [],
  events: [],
  taxRateThousandths: 10_000,
  eventTaxRateThousandths: 10_000,
  serviceFeeCents: 100,
  eventServiceFeeCents: 100,
};

/** Paid $12.00 ($11 with tax + $1 fee) after an hour: 15 minutes to leave. */
const paid = { status: 'paid' as const, amountPaid: 12, amountDue: 0, exitByUtc: new Date(EXIT_BY).toISOString() };

describe('graceEndedAt', () => {
  it('is undefined while a paid ticket may still leave, and the exit-by time once it has passed', () => {
    expect(graceEndedAt(paid, EXIT_BY)).toBeUndefined();
    expect(graceEndedAt(paid, EXIT_BY + 1)).toBe(EXIT_BY);
  });

  it('is undefined for an unpaid, exited, re-priced or deadline-less ticket', () => {
    const late = EXIT_BY + 60 * MINUTE;
    expect(graceEndedAt({ ...paid, amountPaid: 0 }, late)).toBeUndefined();
    expect(graceEndedAt({ ...paid, status: 'exited' }, late)).toBeUndefined();
    expect(graceEndedAt({ ...paid, amountDue: 10 }, late)).toBeUndefined();
    expect(graceEndedAt({ ...paid, exitByUtc: null }, late)).toBeUndefined();
    expect(graceEndedAt({ ...paid, exitByUtc: 'soon' }, late)).toBeUndefined();
  });
});

describe('isOverstayed', () => {
  it('is a paid ticket the garage has priced again, not an unpaid or exited one', () => {
    expect(isOverstayed({ ...paid, status: 'open', amountDue: 11 })).toBe(true);
    expect(isOverstayed({ ...paid, status: 'open', amountPaid: 0, amountDue: 11 })).toBe(false);
    expect(isOverstayed({ ...paid, status: 'exited', amountDue: 11 })).toBe(false);
    expect(isOverstayed(paid)).toBe(false);
  });
});

describe('extraDueCents', () => {
  const ticket = { entryTimeUtc: new Date(ENTRY).toISOString(), minutes: 60, amount: 11, serviceFeeAmount: 1, amountPaid: 12 };

  it('is the stay priced to now less what was paid', () => {
    // 90 minutes: $20 + $2 tax + $1 fee = $23.00, $12.00 paid.
    expect(extraDueCents(BOARD, ticket, ENTRY + 90 * MINUTE)).toBe(1100);
    // Still inside the paid tier: nothing more by the board.
    expect(extraDueCents(BOARD, ticket, ENTRY + 60 * MINUTE + 30_000)).toBe(0);
  });

  it('says nothing when the board does not price the paid stay at what was paid (coupon, changed board)', () => {
    expect(extraDueCents(BOARD, { ...ticket, amount: 8, amountPaid: 9 }, ENTRY + 90 * MINUTE)).toBeUndefined();
    expect(extraDueCents(BOARD, { ...ticket, amountPaid: 5 }, ENTRY + 90 * MINUTE)).toBeUndefined();
    expect(extraDueCents(BOARD, { ...ticket, entryTimeUtc: 'yesterday' }, ENTRY + 90 * MINUTE)).toBeUndefined();
  });
});
