/**
 * What a stay at a garage costs, for tickets: the one place the garage system calls the rate
 * engine (server/rates), so a change there is a change here only.
 *
 * A ticket is an actual stay, not a quote, so it is priced on the board directly rather than
 * through `priceDailyStays`, which refuses arrivals in the past and stays outside posted hours
 * (right for reservations, wrong for a car already parked): the cheapest of hourly tiers and the
 * specials the stay fits, the event rate when the car entered in an event's arrival window, then
 * tax by jurisdiction and the online service fee, with a coupon taken off before tax.
 *
 * A ticket under audit review is priced on the `minimum` basis instead: the garage's minimum rate,
 * the lowest price on the entry day's board (spec 3 §4 "the minimum rate is charged with an audit
 * review"), whatever the time on the ticket, since its entry was never matched to a car.
 */
import type { Db } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import type { PromotionTerms } from '../rates/coupons.ts';
import { calculateDailyCharges } from '../rates/daily-charges.ts';
import { cheapestBoardRate, eventInEffect } from '../rates/daily-rate.ts';
import { toLocal, type LocalMoment } from '../rates/local-time.ts';
import type { Cents } from '../rates/money.ts';
import { tierSetFor, type RateCard } from '../rates/rate-card.ts';
import { createPricingSnapshots, type PricingSnapshots } from '../rates/pricing-snapshot.ts';

export type TicketPrice = {
  /** Board price before any coupon. */
  boardCents: Cents;
  discountCents: Cents;
  taxCents: Cents;
  /** Rate after the coupon, plus tax: the ticket's `amount`. */
  amountCents: Cents;
  serviceFeeCents: Cents;
};

export type TicketCoupon = Pick<PromotionTerms, 'discountType' | 'discountValue'>;

/** `stay`: the board price of the time parked; `minimum`: the garage's minimum rate (audit review). */
export type PricingBasis = 'stay' | 'minimum';

export type PriceTicket = (locationId: number, entry: Date, exit: Date, coupon?: TicketCoupon, basis?: PricingBasis) => Promise<TicketPrice>;

/**
 * The garage's minimum rate for the entry day: the lowest price on its board that day, the first
 * (shortest) hourly tier or a cheaper special (early bird, night…) posted for that day.
 */
export function minimumBoardCents(card: RateCard, entry: LocalMoment): Cents {
  const [first] = tierSetFor(card, entry.dayOfWeek).tiers;
  if (!first) throw new Error(`rate card ${card.locationId} has an empty tier set`);
  return card.specials.reduce((lowest, special) => (special.days.includes(entry.dayOfWeek) ? Math.min(lowest, special.cents) : lowest), first.cents);
}

const MINUTE_MS = 60_000;

/** Whole minutes parked (a started minute is not charged; the tiers are far coarser). */
export function minutesBetween(entry: Date, exit: Date): number {
  return Math.max(0, Math.floor((exit.getTime() - entry.getTime()) / MINUTE_MS));
}

export function createTicketPricer(snapshots: PricingSnapshots): PriceTicket {
  return async (locationId, entry, exit, coupon, basis = 'stay') => {
    const garage = (await snapshots.current()).garages.get(locationId);
    if (!garage) throw new HttpError(404, `Location ${locationId} was not found.`);
    if (!garage.card) throw new HttpError(409, 'Online payment is not available at this location. Please use the self-serve payment machines or see an attendant.');
    const minutes = minutesBetween(entry, exit);
    const event = basis === 'stay' ? eventInEffect(garage.events, entry) : undefined;
    const boardCents = basis === 'minimum' ? minimumBoardCents(garage.card, toLocal(entry)) : stayBoardCents(garage.card, entry, exit, minutes, event?.cents);
    const charges = calculateDailyCharges({
      boardCents,
      durationMinutes: minutes,
      oversize: garage.card.oversize,
      locationAcceptsOversized: garage.oversized,
      serviceFeeCents: event ? garage.card.eventServiceFeeCents : garage.card.serviceFeeCents,
      tax: { area: garage.area, arenaZone: garage.arenaZone, isEventRate: Boolean(event), isResident: false, isTaxExempt: false },
      coupon,
    });
    return {
      boardCents,
      discountCents: charges.discountCents,
      taxCents: charges.taxCents,
      amountCents: charges.rateWithTaxCents,
      serviceFeeCents: charges.serviceFeeCents,
    };
  };
}

/** The cheapest board price of the stay; an event in effect at entry overrides it unless the stay costs more. */
function stayBoardCents(card: RateCard, entry: Date, exit: Date, minutes: number, eventCents: Cents | undefined): Cents {
  const board = cheapestBoardRate(card, toLocal(entry), exit, minutes);
  return eventCents === undefined ? board.cents : Math.max(eventCents, board.cents);
}

/** One pricer per database (the snapshot is a per-process cache of every garage's card). */
const pricers = new WeakMap<Db, PriceTicket>();

export function ticketPricerFor(db: Db): PriceTicket {
  let pricer = pricers.get(db);
  if (!pricer) {
    pricer = createTicketPricer(createPricingSnapshots(db));
    pricers.set(db, pricer);
  }
  return pricer;
}

/** The adapter the brief names: what a stay from entry to exit costs at a garage. */
export const priceTicket = (db: Db, locationId: number, entry: Date, exit: Date, coupon?: TicketCoupon, basis?: PricingBasis): Promise<TicketPrice> =>
  ticketPricerFor(db)(locationId, entry, exit, coupon, basis);
