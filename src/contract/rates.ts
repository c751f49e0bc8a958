/**
 * Rates under /rates/api (spec 1 §3, §7; spec 2 §3, §7): daily rate quotes, events and their
 * rates, a garage's human-readable rate board, monthly rates and monthly calculations.
 * Money is in US dollars with two decimals (e.g. 19.5 means $19.50); the server computes in
 * whole cents and converts only at this boundary. Instants are ISO 8601 strings; every rule
 * behind them is evaluated in America/New_York.
 */
import * as v from 'valibot';
import { blackoutSchema, alertSchema } from './locations.ts';
import { pricedLinesSchema } from './priced-lines.ts';
import { isoDateSchema, isoDateTimeSchema, pagedSchema, recordIdSchema } from './paged.ts';

/** Spec 1 §9: the search date range limit and how far ahead a reservation can start. */
export const MAX_STAY_DAYS = 30;
export const MAX_DAYS_AHEAD = 90;
/** Spec 2 leaves the monthly start-date limit unnamed; we use the same 90 days as daily reservations. */
export const MONTHLY_MAX_START_DAYS_AHEAD = 90;
/** The rate instance id the client reads as "no rate applies" (spec 2 §4, daily reservation). */
export const NO_RATE_INSTANCE_ID = '00000000-0000-0000-0000-000000000000';
/** Largest calculate-multiple request: every garage the operator has, with room to grow. */
export const MAX_LOCATIONS_PER_CALCULATION = 200;

const DAY_MS = 86_400_000;
const locationIdSchema = recordIdSchema('locationId');

/** Exit after entry and a stay of at most 30 days; "start beyond 90 days" needs "now", so the server checks it. */
function stayWindowChecks<T extends { entryTimeUtc: string; exitTimeUtc: string }>() {
  return [
    v.check<T, string>((body) => Date.parse(body.exitTimeUtc) > Date.parse(body.entryTimeUtc), 'exitTimeUtc must be after entryTimeUtc'),
    v.check<T, string>(
      (body) => Date.parse(body.exitTimeUtc) - Date.parse(body.entryTimeUtc) <= MAX_STAY_DAYS * DAY_MS,
      `The date range cannot be longer than ${MAX_STAY_DAYS} days`,
    ),
  ] as const;
}

/** POST /rates/api/rates/calculate. UseDatabaseRateMatching is accepted for the original client and ignored: rates always come from the database. */
export const dailyRateRequestSchema = v.pipe(
  v.object({
    locationId: locationIdSchema,
    entryTimeUtc: isoDateTimeSchema,
    exitTimeUtc: isoDateTimeSchema,
    UseDatabaseRateMatching: v.optional(v.boolean()),
  }),
  ...stayWindowChecks<{ locationId: number; entryTimeUtc: string; exitTimeUtc: string; UseDatabaseRateMatching?: boolean | undefined }>(),
);
export type DailyRateRequest = v.InferInput<typeof dailyRateRequestSchema>;

/** POST /rates/api/rates/calculate-multiple: one quote per location id, in the order asked. */
export const multipleDailyRateRequestSchema = v.pipe(
  v.object({
    locationIds: v.pipe(
      v.array(locationIdSchema),
      v.minLength(1, 'locationIds must list at least one location'),
      v.maxLength(MAX_LOCATIONS_PER_CALCULATION, `locationIds can list at most ${MAX_LOCATIONS_PER_CALCULATION} locations`),
    ),
    entryTimeUtc: isoDateTimeSchema,
    exitTimeUtc: isoDateTimeSchema,
    UseDatabaseRateMatching: v.optional(v.boolean()),
  }),
  ...stayWindowChecks<{ locationIds: number[]; entryTimeUtc: string; exitTimeUtc: string; UseDatabaseRateMatching?: boolean | undefined }>(),
);
export type MultipleDailyRateRequest = v.InferInput<typeof multipleDailyRateRequestSchema>;

/** POST /rates/api/rates/coupons/{code}/calculate (body not shown in the spec: the daily request again). */
export const dailyCouponRequestSchema = dailyRateRequestSchema;

export const rateLocationSchema = v.object({
  locationId: v.number(),
  latitude: v.number(),
  longitude: v.number(),
  seoUrl: v.string(),
  address1: v.string(),
});

export const taxLineSchema = v.object({ name: v.string(), ratePercent: v.number(), amount: v.number() });
export type TaxLine = v.InferOutput<typeof taxLineSchema>;

/** The daily rate result of spec 1 §3 with the rate instance fields of spec 2 §3. */
export const dailyRateSchema = v.object({
  rateInstanceId: v.string(),
  /** The rate-board line that priced the stay; 0 when no rate applies. */
  rateId: v.number(),
  rateType: v.literal('DAILY'),
  locationId: v.number(),
  location: rateLocationSchema,
  entryTimeUtc: isoDateTimeSchema,
  exitTimeUtc: isoDateTimeSchema,
  /** Minutes between entry and exit. */
  rateDuration: v.number(),
  /** Before tax (after any coupon); `price` is the same value under the reservation's name. */
  rate: v.number(),
  price: v.number(),
  tax: v.number(),
  taxRatePercent: v.number(),
  taxes: v.array(taxLineSchema),
  rateWithTax: v.number(),
  serviceFeeAmount: v.number(),
  /** Spec 2 names the same fee `serviceFee` on the daily rate. */
  serviceFee: v.number(),
  /** Rate with tax for an oversized vehicle; 0 when the location does not accept one. */
  oversizeRate: v.number(),
  /** oversizeRate − rateWithTax: what the client shows as "+$ amount". */
  oversizeSurcharge: v.number(),
  oversizedServiceFeeAmount: v.number(),
  noOversized: v.boolean(),
  rateMessage: v.string(),
  timeDescription: v.string(),
  isEventRate: v.boolean(),
  eventId: v.nullable(v.number()),
  /** True when rateWithTax is 0 (closed, blackout, past arrival): the client shows N/A. */
  disabled: v.boolean(),
  blackouts: v.array(blackoutSchema),
  alerts: v.array(alertSchema),
  appliedPromotionCode: v.nullable(v.string()),
  /** Coupon discount before tax, 0 without a coupon. */
  discountAmount: v.number(),
});
export type DailyRate = v.InferOutput<typeof dailyRateSchema>;
export const dailyRateListSchema = v.array(dailyRateSchema);

/** GET /rates/api/events/{id} (spec 1 §3 event fields plus the venue). */
export const eventSchema = v.object({
  eventId: v.number(),
  eventName: v.string(),
  venueName: v.string(),
  startTimeUtc: isoDateTimeSchema,
  endTimeUtc: isoDateTimeSchema,
  latitude: v.number(),
  longitude: v.number(),
  eventDetails: v.string(),
});
export type RateEvent = v.InferOutput<typeof eventSchema>;

/** GET /rates/api/events/{id}/rates: the garages with event parking, priced for the spec's 2-hour event window. */
export const eventRatesSchema = v.object({ event: eventSchema, rates: dailyRateListSchema });

/**
 * The board as numbers, for pricing a parked car's stay on the device (the session's "next price
 * step", src/lib/next-price-step.ts): the same rules the server's rate engine prices tickets with.
 * Days are ISO (Monday 1 … Sunday 7); minutes count from the entry day's New York midnight.
 */
export const ratePricingSchema = v.object({
  hourly: v.array(v.object({ days: v.array(v.number()), tiers: v.array(v.object({ upToMinutes: v.number(), cents: v.number() })) })),
  specials: v.array(v.object({ days: v.array(v.number()), enterFrom: v.number(), enterUntil: v.number(), leaveBy: v.number(), cents: v.number() })),
  /** Event rates override the board for cars that arrive from 3 hours before the start to 1 hour after. */
  events: v.array(v.object({ startTimeUtc: v.string(), cents: v.number() })),
  taxRateThousandths: v.number(),
  eventTaxRateThousandths: v.number(),
  serviceFeeCents: v.number(),
  eventServiceFeeCents: v.number(),
});
export type RatePricing = v.InferOutput<typeof ratePricingSchema>;

/** GET /rates/api/rate-cards/locations/{id}: the board a garage posts at its entrance. */
export const rateBoardSchema = v.object({
  locationId: v.number(),
  /** Optional: boards saved on a device before it existed still read (the line then waits for a refresh). */
  pricing: v.optional(ratePricingSchema),
  sections: v.array(
    v.object({
      title: v.string(),
      lines: v.array(v.object({ label: v.string(), amount: v.number(), text: v.string() })),
      notes: v.array(v.string()),
    }),
  ),
});
export type RateBoard = v.InferOutput<typeof rateBoardSchema>;

// ---------------------------------------------------------------- monthly

export const MONTHLY_RATE_GROUPS = ['Regular', 'Oversize', 'Motorcycle', 'Business'] as const;

/** A calendar date (YYYY-MM-DD) or an instant; instants are read as their date in New York. */
export const checkInDateSchema = v.union(
  [isoDateSchema, isoDateTimeSchema],
  'must be a real date (YYYY-MM-DD) or an ISO 8601 date-time',
);

export const monthlyRateSearchRequestSchema = v.object({
  locationIds: v.pipe(v.array(locationIdSchema), v.minLength(1, 'locationIds must list at least one location'), v.maxLength(MAX_LOCATIONS_PER_CALCULATION)),
  checkInDateUtc: checkInDateSchema,
});

export const monthlyRateSchema = v.object({
  monthlyRateId: v.number(),
  locationId: v.number(),
  location: rateLocationSchema,
  rateType: v.literal('MONTHLY'),
  monthlyRateGroup: v.object({ monthlyRateGroupName: v.picklist(MONTHLY_RATE_GROUPS), description: v.string() }),
  rate: v.number(),
  rateWithTax: v.number(),
  /** 0 (and noOversized) when this rate or location does not take oversized vehicles. */
  oversizeRate: v.number(),
  oversizeRateWithTax: v.number(),
  noOversized: v.boolean(),
  taxRatePercent: v.number(),
  serviceFeeAmount: v.number(),
  exitFee: v.number(),
  useAsDefault: v.boolean(),
  rateCode: v.string(),
  lengthOfInitialTerm: v.number(),
  restrictions: v.string(),
  rateAvailabilityTimeDescription: v.string(),
});
export type MonthlyRate = v.InferOutput<typeof monthlyRateSchema>;
export const monthlyRateListSchema = v.array(monthlyRateSchema);
export const monthlyRatePageSchema = pagedSchema(monthlyRateSchema);

export const monthlyCalculateRequestSchema = v.object({
  monthlyRateId: recordIdSchema('monthlyRateId'),
  checkInDateUtc: checkInDateSchema,
  isBusiness: v.optional(v.boolean(), false),
  multipleVehiclePasses: v.optional(v.boolean(), false),
  isOversizedVehicle: v.optional(v.boolean(), false),
  isTaxExempt: v.optional(v.boolean(), false),
  isResident: v.optional(v.boolean(), false),
});
export type MonthlyCalculateRequest = v.InferInput<typeof monthlyCalculateRequestSchema>;

export const monthlyCouponRequestSchema = v.object({
  monthlyRateId: recordIdSchema('monthlyRateId'),
  checkInDateUtc: checkInDateSchema,
  multipleVehiclePasses: v.optional(v.boolean(), false),
  isOversizedVehicle: v.optional(v.boolean(), false),
});

/** The monthly rate instance (spec 2 §3) merged with the monthly calculation result. */
export const monthlyCalculationSchema = v.object({
  monthlyRateInstanceId: v.string(),
  appliedPromotionCode: v.nullable(v.string()),
  monthlyRateId: v.number(),
  locationId: v.number(),
  checkInDateUtc: v.string(),
  rate: v.number(),
  residentRate: v.number(),
  oversizeRate: v.number(),
  residentOversizeRate: v.number(),
  taxRate: v.number(),
  residentTaxRate: v.number(),
  rateWithTax: v.number(),
  oversizeRateWithTax: v.number(),
  residentRateWithTax: v.number(),
  residentOversizeRateWithTax: v.number(),
  exitFee: v.number(),
  rateCode: v.string(),
  lengthOfInitialTerm: v.number(),
  restrictions: v.string(),
  rateAvailabilityTimeDescription: v.string(),
  rateMessage: v.string(),
  isResident: v.boolean(),
  isTaxExempt: v.boolean(),
  isBusiness: v.boolean(),
  isOversizedVehicle: v.boolean(),
  multipleVehiclePasses: v.boolean(),
  /** First payment: the rest of the start month (with tax), less any coupon. */
  appliedProRateValueWithTax: v.number(),
  /** Each following month, with tax. */
  appliedRateValueWithTax: v.number(),
  appliedServiceFeeAmountWithTax: v.number(),
  isProRated: v.boolean(),
  discountAmount: v.number(),
  /** Decision 0110: the first payment line by line (first month, promo code, one-time service fee, tax); its total is what sign-up charges. */
  firstPayment: pricedLinesSchema,
  /** What the card is charged on the 1st of each month: the monthly rate and its tax (the search list's "/mo" figure). */
  eachMonth: pricedLinesSchema,
  /**
   * isTaxExempt / isResident are claims: the amounts above are the full rate until staff approve
   * the customer's proof (decision 0104). What the claim would bill once approved; null when the
   * claim changes nothing (none made, a business claiming residence, a borough without the surcharge).
   */
  exemptionClaim: v.optional(v.nullable(v.object({
    claim: v.picklist(['tax-exempt', 'resident']),
    status: v.literal('needs-proof'),
    taxRate: v.number(),
    appliedProRateValueWithTax: v.number(),
    appliedRateValueWithTax: v.number(),
    appliedServiceFeeAmountWithTax: v.number(),
  }))),
});
export type MonthlyCalculation = v.InferOutput<typeof monthlyCalculationSchema>;
