import { describe, expect, it } from 'vitest';
import { toLocal } from '../rates/local-time.ts';
import type { RateCard } from '../rates/rate-card.ts';
import { calculateTicketCharges, GRACE_AFTER_PAYMENT_MINUTES, paidExitDeadline, pricedUntil, pricingBasisFor, reservationFit } from './ticket-charges.ts';
import { minimumBoardCents, minutesBetween } from './ticket-pricing.ts';

const at = (iso: string) => new Date(iso);
const price = { boardCents: 2000, discountCents: 0, taxCents: 368, amountCents: 2368, serviceFeeCents: 199 };

describe('minutesBetween', () => {
  it('counts whole minutes, never negative', () => {
    expect(minutesBetween(at('2026-11-23T17:00:00Z'), at('2026-11-23T19:15:59Z'))).toBe(135);
    expect(minutesBetween(at('2026-11-23T17:00:00Z'), at('2026-11-23T17:00:59Z'))).toBe(0);
    expect(minutesBetween(at('2026-11-23T17:00:00Z'), at('2026-11-23T16:00:00Z'))).toBe(0);
  });
});

describe('pricedUntil', () => {
  const entry = at('2026-11-23T17:00:00Z');
  it('prices an open ticket to now and an exited one to its exit', () => {
    expect(pricedUntil({ entry, exit: null, paidAt: null, isMonthly: false }, at('2026-11-23T19:00:00Z'))).toEqual(at('2026-11-23T19:00:00Z'));
    expect(pricedUntil({ entry, exit: at('2026-11-23T18:00:00Z'), paidAt: null, isMonthly: false }, at('2026-11-23T19:00:00Z'))).toEqual(at('2026-11-23T18:00:00Z'));
  });
  it(`holds the price at the payment for ${GRACE_AFTER_PAYMENT_MINUTES} minutes, then runs again`, () => {
    const paidAt = at('2026-11-23T18:00:00Z');
    expect(pricedUntil({ entry, exit: null, paidAt, isMonthly: false }, at('2026-11-23T18:15:00Z'))).toEqual(paidAt);
    expect(pricedUntil({ entry, exit: null, paidAt, isMonthly: false }, at('2026-11-23T18:15:01Z'))).toEqual(at('2026-11-23T18:15:01Z'));
  });
});

describe('reservationFit', () => {
  const reservation = { locationId: 1, checkIn: at('2026-11-23T16:00:00Z'), checkOut: at('2026-11-23T22:00:00Z'), rateCents: 1950 };
  it('pays in full inside the window (15 minutes grace either side)', () => {
    expect(reservationFit(reservation, { locationId: 1, entry: at('2026-11-23T15:50:00Z') }, at('2026-11-23T22:10:00Z'))).toBe('PaidInFull');
  });
  it('is outside the window before or after it, and does not apply elsewhere', () => {
    expect(reservationFit(reservation, { locationId: 1, entry: at('2026-11-23T15:00:00Z') }, at('2026-11-23T19:00:00Z'))).toBe('OutsideOfReservationWindow');
    expect(reservationFit(reservation, { locationId: 1, entry: at('2026-11-23T17:00:00Z') }, at('2026-11-23T23:00:00Z'))).toBe('OutsideOfReservationWindow');
    expect(reservationFit(reservation, { locationId: 2, entry: at('2026-11-23T17:00:00Z') }, at('2026-11-23T19:00:00Z'))).toBe('DoesntApply');
  });
});

describe('calculateTicketCharges', () => {
  it('owes the amount plus the service fee, less what was paid', () => {
    expect(calculateTicketCharges({ price, isMonthly: false, hasCoupon: false, amountPaidCents: 0 })).toMatchObject({ amountDueCents: 2567, serviceFeeCents: 199 });
    expect(calculateTicketCharges({ price, isMonthly: false, hasCoupon: false, amountPaidCents: 2567 }).amountDueCents).toBe(0);
    expect(calculateTicketCharges({ price, isMonthly: false, hasCoupon: false, amountPaidCents: 2000 }).amountDueCents).toBe(567);
  });
  it('a coupon that brings the price to zero covers the ticket and waives the fee', () => {
    const free = { ...price, discountCents: 2000, taxCents: 0, amountCents: 0 };
    expect(calculateTicketCharges({ price: free, isMonthly: false, hasCoupon: true, amountPaidCents: 0 })).toMatchObject({ amountDueCents: 0, serviceFeeCents: 0, isFullyCoveredByCoupon: true });
    expect(calculateTicketCharges({ price, isMonthly: false, hasCoupon: true, amountPaidCents: 0 }).isFullyCoveredByCoupon).toBe(false);
  });
  it('a reservation pays in full inside its window and credits its rate outside it', () => {
    expect(calculateTicketCharges({ price, isMonthly: false, hasCoupon: false, amountPaidCents: 0, reservation: { fit: 'PaidInFull', rateCents: 1950 } })).toMatchObject({ amountDueCents: 0, reservationFit: 'PaidInFull' });
    expect(calculateTicketCharges({ price, isMonthly: false, hasCoupon: false, amountPaidCents: 0, reservation: { fit: 'OutsideOfReservationWindow', rateCents: 1950 } }).amountDueCents).toBe(2368 - 1950 + 199);
    expect(calculateTicketCharges({ price, isMonthly: false, hasCoupon: false, amountPaidCents: 0, reservation: { fit: 'DoesntApply', rateCents: 1950 } }).amountDueCents).toBe(2567);
  });
  it('monthly tickets owe nothing', () => {
    expect(calculateTicketCharges({ price, isMonthly: true, hasCoupon: false, amountPaidCents: 0 })).toMatchObject({ amountDueCents: 0, amountCents: 0 });
  });
});

describe('overstay (a second payment)', () => {
  it('after the first payment only the difference of the stay is due; the fee is not charged twice', () => {
    const longer = { ...price, boardCents: 3000, taxCents: 551, amountCents: 3551 };
    expect(calculateTicketCharges({ price: longer, isMonthly: false, hasCoupon: false, amountPaidCents: 2567 }).amountDueCents).toBe(3551 - 2368);
  });
});

describe('paidExitDeadline', () => {
  const entry = at('2026-11-23T17:00:00Z');
  const paidAt = at('2026-11-23T18:00:00Z');
  it(`is the end of the ${GRACE_AFTER_PAYMENT_MINUTES}-minute grace while it runs`, () => {
    expect(paidExitDeadline({ entry, exit: null, paidAt, isMonthly: false }, at('2026-11-23T18:10:00Z'))).toEqual(at('2026-11-23T18:15:00Z'));
  });
  it('is null once the grace is over, before any payment, after exit and for monthly tickets', () => {
    expect(paidExitDeadline({ entry, exit: null, paidAt, isMonthly: false }, at('2026-11-23T18:15:01Z'))).toBeNull();
    expect(paidExitDeadline({ entry, exit: null, paidAt: null, isMonthly: false }, at('2026-11-23T18:10:00Z'))).toBeNull();
    expect(paidExitDeadline({ entry, exit: at('2026-11-23T18:05:00Z'), paidAt, isMonthly: false }, at('2026-11-23T18:10:00Z'))).toBeNull();
    expect(paidExitDeadline({ entry, exit: null, paidAt, isMonthly: true }, at('2026-11-23T18:10:00Z'))).toBeNull();
  });
});

describe('pricingBasisFor (spec 3 §4: minimum rate with an audit review)', () => {
  it('prices a ticket under audit review at the minimum, any other on the stay', () => {
    expect(pricingBasisFor({ auditReviewReason: 'unmatched-plate' })).toBe('minimum');
    expect(pricingBasisFor({ auditReviewReason: null })).toBe('stay');
  });
});

describe('minimumBoardCents', () => {
  const tiers = (first: number) => [
    { rateId: 1, upToMinutes: 60, cents: first },
    { rateId: 2, upToMinutes: 1440, cents: first * 3 },
  ];
  const card: RateCard = {
    locationId: 1,
    hours: null,
    hourly: [
      { days: [1, 2, 3, 4, 5], tiers: tiers(1800) },
      { days: [6, 7], tiers: tiers(1500) },
    ],
    specials: [{ rateId: 9, kind: 'early-bird', days: [1, 2, 3, 4, 5], enterFrom: 360, enterUntil: 600, leaveBy: 1140, cents: 1600 }],
    oversize: { kind: 'not-accepted' },
    serviceFeeCents: 249,
    eventServiceFeeCents: 399,
  };
  it("is the lowest price on the entry day's board: the first hourly tier or a cheaper special that day", () => {
    expect(minimumBoardCents(card, toLocal(at('2026-11-23T19:00:00Z')))).toBe(1600); // Monday: the early bird
    expect(minimumBoardCents(card, toLocal(at('2026-11-28T19:00:00Z')))).toBe(1500); // Saturday: no early bird
    expect(minimumBoardCents({ ...card, specials: [] }, toLocal(at('2026-11-23T19:00:00Z')))).toBe(1800);
  });
});
