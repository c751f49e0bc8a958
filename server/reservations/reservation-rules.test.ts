import { describe, expect, it } from 'vitest';
import { cancelDeadline, isCancellable, newConfirmationNumber, reservableSpaces, reservationTotalCents } from './reservation-rules.ts';

describe('reservation rules', () => {
  it('totals rate with tax plus service fee, or oversize rate plus oversized fee, in whole cents', () => {
    const rate = { price: 24, tax: 4.41, serviceFeeAmount: 2.49, oversizeRate: 46.17, oversizedServiceFeeAmount: 2.49, appliedPromotionCode: null, discountAmount: 0 };
    expect(reservationTotalCents(rate, false)).toBe(3090);
    expect(reservationTotalCents(rate, true)).toBe(4866);
    expect(reservationTotalCents({ price: 0.1, tax: 0, serviceFeeAmount: 0.2, oversizeRate: 0, oversizedServiceFeeAmount: 0, appliedPromotionCode: null, discountAmount: 0 }, false)).toBe(30);
  });

  it('allows cancelling up to and including 30 minutes before the start, not after', () => {
    const entry = new Date('2026-11-24T23:00:00.000Z');
    expect(cancelDeadline(entry).toISOString()).toBe('2026-11-24T22:30:00.000Z');
    expect(isCancellable(entry, new Date('2026-11-24T22:30:00.000Z'))).toBe(true);
    expect(isCancellable(entry, new Date('2026-11-24T22:30:00.001Z'))).toBe(false);
  });

  it('offers a quarter of a garage to reservations, at least one space', () => {
    expect([reservableSpaces(260), reservableSpaces(3), reservableSpaces(4)]).toEqual([65, 1, 1]);
  });

  it('numbers reservations PF-<yymm of the New York start>-<4 unambiguous characters>', () => {
    // 00:30 UTC on Dec 1 is still Nov 30 in New York.
    expect(newConfirmationNumber(new Date('2026-12-01T00:30:00.000Z'), () => 0)).toBe('PF-2611-AAAA');
    expect(newConfirmationNumber(new Date('2027-01-15T15:00:00.000Z'), () => 31)).toBe('PF-2701-9999');
    for (let i = 0; i < 200; i += 1) expect(newConfirmationNumber(new Date())).toMatch(/^PF-\d{4}-[A-HJ-NP-Z2-9]{4}$/);
  });
});
