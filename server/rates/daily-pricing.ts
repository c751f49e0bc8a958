/**
 * Daily pricing for one or many garages: take the garages' facts, cards, events and notices from
 * the pricing snapshot, run the pure engine (daily-rate.ts → daily-charges.ts) per garage, shape
 * the spec's daily rate result, and (for a single garage) store the priced ones as rate instances.
 * A garage with no rate card, or a stay no rate applies to, gets rate 0 and the all-zero
 * rate instance id with a rateMessage saying why.
 */
import { type DailyRate, NO_RATE_INSTANCE_ID } from '../../src/contract/rates.ts';
import { HttpError } from '../lib/http-error.ts';
import type { PromotionTerms } from './coupons.ts';
import { calculateDailyCharges } from './daily-charges.ts';
import { calculateDailyRate, type DailyQuote } from './daily-rate.ts';
import { toDollars } from './money.ts';
import { JsonBytes } from './json-bytes.ts';
import { overlapping, type PricedGarage, type PricingSnapshots } from './pricing-snapshot.ts';
import type { RateInstanceRow } from './queries.ts';
import type { RateCard } from './rate-card.ts';
import { rateInstanceIdForBytes, type RateInstanceRecorder } from './rate-instance-id.ts';

export type DailyPricer = {
  snapshots: PricingSnapshots;
  instances: RateInstanceRecorder;
};

export type DailyPricingRequest = {
  locationIds: readonly number[];
  entry: Date;
  exit: Date;
  now: Date;
  coupon?: PromotionTerms | undefined;
  /**
   * Store the priced results as rate instances before answering. True for a single garage
   * (the reservation page's call, whose id the reservation then refers to). A search of all
   * garages does not write: its ids are the same content-derived ids the single-garage call
   * stores, and on the embedded database 40 inserts would cost more than the whole search.
   */
  shouldStore: boolean;
  /**
   * 'search': the all-garage search may use a snapshot whose revision was checked within the
   * last SEARCH_REVISION_CHECK_MS (pricing-snapshot.ts). Default 'current': checked now.
   */
  freshness?: 'current' | 'search' | undefined;
};

/** What every result for this request shares, computed once. */
type StayFacts = { entryTimeUtc: string; exitTimeUtc: string; rateDuration: number };

// Results are built as plain object literals, never with object spread: on this Node (20.x),
// spreading into a literal with many more properties costs ~75 µs, which for 40 garages was
// most of a search's time.
export async function priceDailyStays(pricer: DailyPricer, request: DailyPricingRequest): Promise<DailyRate[]> {
  const { garages } = await (request.freshness === 'search' ? pricer.snapshots.forSearch() : pricer.snapshots.current());
  const unknown = [...new Set(request.locationIds.filter((id) => !garages.has(id)))];
  if (unknown.length === 1) throw new HttpError(404, `Location ${unknown[0]} was not found.`);
  if (unknown.length > 1) throw new HttpError(404, `Locations ${unknown.join(', ')} were not found.`);

  const stay: StayFacts = {
    entryTimeUtc: request.entry.toISOString(),
    exitTimeUtc: request.exit.toISOString(),
    rateDuration: Math.round((request.exit.getTime() - request.entry.getTime()) / 60_000),
  };
  const results = request.locationIds.map((locationId) => {
    const garage = garages.get(locationId) as PricedGarage;
    const blackouts = overlapping(garage.blackouts, request.entry, request.exit);
    const alerts = overlapping(garage.alerts, request.entry, request.exit);
    if (!garage.card) return unpriced(garage, stay, blackouts, alerts, 'Online rates are not available at this location. Please see the rates posted at the garage.');
    const quote = calculateDailyRate({
      card: garage.card,
      entry: request.entry,
      exit: request.exit,
      now: request.now,
      events: garage.events,
      blackoutMessages: blackouts.map((blackout) => blackout.message),
      hoursText: garage.hoursText,
    });
    if (!quote.isAvailable) return unpriced(garage, stay, blackouts, alerts, quote.rateMessage);
    return priced(garage, stay, blackouts, alerts, quote, garage.card, request.coupon);
  });
  if (request.shouldStore) await pricer.instances.save(results.filter((result) => result.rateInstanceId !== NO_RATE_INSTANCE_ID).map(toInstanceRow));
  return results;
}

type Notices = { blackouts: PricedGarage['blackouts']; alerts: PricedGarage['alerts'] };

function unpriced(garage: PricedGarage, stay: StayFacts, blackouts: Notices['blackouts'], alerts: Notices['alerts'], rateMessage: string): DailyRate {
  return {
    rateInstanceId: NO_RATE_INSTANCE_ID,
    rateId: 0,
    rateType: 'DAILY',
    locationId: garage.locationId,
    location: garage.location,
    entryTimeUtc: stay.entryTimeUtc,
    exitTimeUtc: stay.exitTimeUtc,
    rateDuration: stay.rateDuration,
    rate: 0, price: 0, tax: 0, taxRatePercent: 0, taxes: [], rateWithTax: 0,
    serviceFeeAmount: 0, serviceFee: 0, oversizeRate: 0, oversizeSurcharge: 0, oversizedServiceFeeAmount: 0,
    noOversized: !garage.oversized,
    rateMessage,
    timeDescription: '',
    isEventRate: false,
    eventId: null,
    disabled: true,
    blackouts,
    alerts,
    appliedPromotionCode: null,
    discountAmount: 0,
  };
}

function priced(
  garage: PricedGarage,
  stay: StayFacts,
  blackouts: Notices['blackouts'],
  alerts: Notices['alerts'],
  quote: Extract<DailyQuote, { isAvailable: true }>,
  card: RateCard,
  coupon: PromotionTerms | undefined,
): DailyRate {
  const charges = calculateDailyCharges({
    boardCents: quote.cents,
    durationMinutes: quote.durationMinutes,
    oversize: card.oversize,
    locationAcceptsOversized: garage.oversized,
    serviceFeeCents: quote.isEventRate ? card.eventServiceFeeCents : card.serviceFeeCents,
    tax: { area: garage.area, arenaZone: garage.arenaZone, isEventRate: quote.isEventRate, isResident: false, isTaxExempt: false },
    coupon,
  });
  const result: DailyRate = {
    rateInstanceId: NO_RATE_INSTANCE_ID,
    rateId: quote.rateId,
    rateType: 'DAILY',
    locationId: garage.locationId,
    location: garage.location,
    entryTimeUtc: stay.entryTimeUtc,
    exitTimeUtc: stay.exitTimeUtc,
    rateDuration: stay.rateDuration,
    rate: toDollars(charges.rateCents),
    price: toDollars(charges.rateCents),
    tax: toDollars(charges.taxCents),
    taxRatePercent: charges.taxRateThousandths / 1000,
    taxes: charges.taxLines.map((line) => ({ name: line.name, ratePercent: line.rateThousandths / 1000, amount: toDollars(line.cents) })),
    rateWithTax: toDollars(charges.rateWithTaxCents),
    serviceFeeAmount: toDollars(charges.serviceFeeCents),
    serviceFee: toDollars(charges.serviceFeeCents),
    oversizeRate: toDollars(charges.oversizeRateCents),
    oversizeSurcharge: toDollars(charges.oversizeSurchargeCents),
    oversizedServiceFeeAmount: toDollars(charges.oversizedServiceFeeCents),
    noOversized: charges.noOversized,
    rateMessage: quote.rateMessage,
    timeDescription: quote.timeDescription,
    isEventRate: quote.isEventRate,
    eventId: quote.eventId,
    // A coupon can bring the total to $0: that is still a rate, and the reservation is free.
    disabled: charges.rateWithTaxCents === 0 && !coupon,
    blackouts,
    alerts,
    appliedPromotionCode: coupon?.code ?? null,
    discountAmount: toDollars(charges.discountCents),
  };
  result.rateInstanceId = rateInstanceIdForBytes(instanceContentBytes(result));
  return result;
}

function toInstanceRow(rate: DailyRate): RateInstanceRow {
  const row = instanceContent(rate) as RateInstanceRow;
  row.rateInstanceId = rate.rateInstanceId;
  return row;
}

/** What identifies a quote: every field the reservation keeps. */
export function instanceContent(rate: DailyRate): Omit<RateInstanceRow, 'rateInstanceId'> {
  return {
    locationId: rate.locationId,
    rateId: rate.rateId,
    entryTimeUtc: rate.entryTimeUtc,
    exitTimeUtc: rate.exitTimeUtc,
    rateDuration: rate.rateDuration,
    price: rate.price,
    tax: rate.tax,
    rateWithTax: rate.rateWithTax,
    serviceFeeAmount: rate.serviceFeeAmount,
    oversizeRate: rate.oversizeRate,
    oversizeSurcharge: rate.oversizeSurcharge,
    oversizedServiceFeeAmount: rate.oversizedServiceFeeAmount,
    noOversized: rate.noOversized,
    rateMessage: rate.rateMessage,
    timeDescription: rate.timeDescription,
    isEventRate: rate.isEventRate,
    eventId: rate.eventId,
    appliedPromotionCode: rate.appliedPromotionCode,
    discountAmount: rate.discountAmount,
  };
}

const content = new JsonBytes('exact');

/**
 * The UTF-8 bytes of `JSON.stringify(instanceContent(rate))`, written out (the id is a hash of
 * this text, so it must be the same bytes; daily-rate-json.test.ts checks it): a search makes one
 * per priced garage, and building the object only to stringify it was most of the cost of an id.
 * The view is valid until the next call.
 */
export function instanceContentBytes(rate: DailyRate): Buffer {
  content.raw('{"locationId":').number(rate.locationId).raw(',"rateId":').number(rate.rateId);
  content.raw(',"entryTimeUtc":').plainString(rate.entryTimeUtc).raw(',"exitTimeUtc":').plainString(rate.exitTimeUtc).raw(',"rateDuration":').number(rate.rateDuration);
  content.raw(',"price":').number(rate.price).raw(',"tax":').number(rate.tax).raw(',"rateWithTax":').number(rate.rateWithTax);
  content.raw(',"serviceFeeAmount":').number(rate.serviceFeeAmount).raw(',"oversizeRate":').number(rate.oversizeRate).raw(',"oversizeSurcharge":').number(rate.oversizeSurcharge);
  content.raw(',"oversizedServiceFeeAmount":').number(rate.oversizedServiceFeeAmount).raw(',"noOversized":').bool(rate.noOversized);
  content.raw(',"rateMessage":').string(rate.rateMessage).raw(',"timeDescription":').string(rate.timeDescription).raw(',"isEventRate":').bool(rate.isEventRate);
  content.raw(',"eventId":');
  if (rate.eventId === null) content.raw('null');
  else content.number(rate.eventId);
  content.raw(',"appliedPromotionCode":').nullableString(rate.appliedPromotionCode).raw(',"discountAmount":').number(rate.discountAmount).raw('}');
  return content.view();
}
