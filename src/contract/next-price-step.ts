/**
 * The next price step of a parked car: "$28.53 if you leave by 12:33 PM · then $38.01", from the
 * garage's rate board saved on the device (`RatePricing`), so it holds offline and counts down on
 * the device clock. Prices are what the driver pays for the stay (rate with tax, plus the online
 * service fee), the same figure as the session's "Current charges".
 *
 * The rules are the server's ticket pricing (server/parking-system/ticket-pricing.ts over
 * server/rates/daily-rate.ts), re-stated without Temporal or Intl (the session renders in front of
 * the exit pass; new-york-offset.ts has the one US daylight-time rule) and checked against the
 * real engine in next-price-step.test.ts:
 * - whole minutes parked on the hourly tiers of the entry day (full 24-hour periods at each day's
 *   maximum, then the smallest tier that covers the rest);
 * - a flat special when the entry fits its window and the exit is by its leave-by time, if cheaper;
 * - an event rate when the car arrived in an event's arrival window (unless the board costs more),
 *   with the event tax and service fee;
 * - tax on the rate, rounded once half up to the cent; the service fee only when something is due.
 * A coupon, a reservation credit or an audit review changes a ticket's price in ways the board
 * does not show: callers compare `stayPrice` with the server's amount and show nothing if they differ.
 */
import type { RatePricing } from './rates.ts';
import { newYorkOffsetHours } from './new-york-offset.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const MINUTES_PER_DAY = 1440;
const EVENT_ARRIVAL_BEFORE_MINUTES = 180;
const EVENT_ARRIVAL_AFTER_MINUTES = 60;
/** Steps are looked for this far ahead: past a week the line has nothing useful to say. */
const HORIZON_DAYS = 8;

type Cents = number;

/** New York's wall clock at an instant: ISO day of week, minute of day (with seconds), and that day's date. */
function newYorkWall(instant: number): { dayOfWeek: number; minuteOfDay: number; year: number; month: number; day: number } {
  const wall = new Date(instant + newYorkOffsetHours(instant) * HOUR_MS);
  return {
    dayOfWeek: wall.getUTCDay() === 0 ? 7 : wall.getUTCDay(),
    minuteOfDay: wall.getUTCHours() * 60 + wall.getUTCMinutes() + wall.getUTCSeconds() / 60 + wall.getUTCMilliseconds() / MINUTE_MS,
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth(),
    day: wall.getUTCDate(),
  };
}

/**
 * The instant of a New York wall-clock time given as "minutes after midnight of a date" (may pass
 * 1440). Like Temporal's default: a time the spring switch skips reads with the offset before it
 * (2:30 AM → 3:30 AM EDT); a time the fall switch repeats is its first occurrence.
 */
export function newYorkWallToInstant(year: number, month: number, day: number, minutes: number): number {
  const asUtc = Date.UTC(year, month, day) + minutes * MINUTE_MS;
  const daylight = asUtc + 4 * HOUR_MS;
  if (newYorkOffsetHours(daylight) === -4) return daylight;
  return asUtc + 5 * HOUR_MS;
}

const addDays = (day: number, days: number): number => ((((day - 1 + days) % 7) + 7) % 7) + 1;

function tierSetFor(pricing: RatePricing, day: number): RatePricing['hourly'][number] {
  const set = pricing.hourly.find((candidate) => candidate.days.includes(day)) ?? pricing.hourly[0];
  if (!set || set.tiers.length === 0) throw new Error('a rate board has hourly tiers');
  return set;
}

const dailyMaximum = (set: RatePricing['hourly'][number]): Cents => set.tiers[set.tiers.length - 1]?.cents ?? 0;

function hourlyCents(pricing: RatePricing, entryDay: number, minutes: number): Cents {
  const fullDays = Math.floor(minutes / MINUTES_PER_DAY);
  const rest = minutes - fullDays * MINUTES_PER_DAY;
  let cents = 0;
  for (let day = 0; day < fullDays; day++) cents += dailyMaximum(tierSetFor(pricing, addDays(entryDay, day)));
  if (rest > 0 || fullDays === 0) {
    const set = tierSetFor(pricing, addDays(entryDay, fullDays));
    cents += (set.tiers.find((tier) => tier.upToMinutes >= rest) ?? set.tiers[set.tiers.length - 1])?.cents ?? 0;
  }
  return cents;
}

/** The instant each special that the entry fits must be left by; specials the entry does not fit are left out. */
function specialDeadlines(pricing: RatePricing, entry: number): { leaveByMs: number; cents: Cents }[] {
  const wall = newYorkWall(entry);
  return pricing.specials
    .filter((special) => special.days.includes(wall.dayOfWeek) && wall.minuteOfDay >= special.enterFrom && wall.minuteOfDay < special.enterUntil)
    .map((special) => ({ leaveByMs: newYorkWallToInstant(wall.year, wall.month, wall.day, special.leaveBy), cents: special.cents }));
}

function eventAtEntry(pricing: RatePricing, entry: number): Cents | undefined {
  let soonest: { start: number; cents: Cents } | undefined;
  for (const event of pricing.events) {
    const start = Date.parse(event.startTimeUtc);
    const isInWindow = entry >= start - EVENT_ARRIVAL_BEFORE_MINUTES * MINUTE_MS && entry <= start + EVENT_ARRIVAL_AFTER_MINUTES * MINUTE_MS;
    if (isInWindow && (soonest === undefined || start < soonest.start)) soonest = { start, cents: event.cents };
  }
  return soonest?.cents;
}

/** cents × rate (thousandths of a percent), rounded half up: server/rates/money.ts `percentOf`. */
const percentOf = (cents: Cents, rateThousandths: number): Cents => Math.floor((cents * rateThousandths + 50_000) / 100_000);

/** What a stay from `entry` to `exit` costs the driver, in cents: rate with tax plus the service fee. */
export function stayPrice(pricing: RatePricing, entry: number, exit: number): Cents {
  const minutes = Math.max(0, Math.floor((exit - entry) / MINUTE_MS));
  let board = hourlyCents(pricing, newYorkWall(entry).dayOfWeek, minutes);
  for (const special of specialDeadlines(pricing, entry)) if (special.cents < board && exit <= special.leaveByMs) board = special.cents;
  const event = eventAtEntry(pricing, entry);
  const rate = event === undefined ? board : Math.max(event, board);
  const withTax = rate + percentOf(rate, event === undefined ? pricing.taxRateThousandths : pricing.eventTaxRateThousandths);
  const fee = withTax > 0 ? (event === undefined ? pricing.serviceFeeCents : pricing.eventServiceFeeCents) : 0;
  return withTax + fee;
}

export type PriceStep = {
  /** What leaving now costs. */
  nowCents: Cents;
  /** The last instant leaving still costs `nowCents` (the step comes 1 ms later). */
  leaveByMs: number;
  /** What it costs from the step on. */
  thenCents: Cents;
};

/**
 * The next instant after `now` at which the stay's price goes up. The price only changes where a
 * whole minute parked crosses a tier (entry + N minutes + 1 minute, each day), or a special's
 * leave-by time passes; those candidates are priced in order.
 */
export function nextPriceStep(pricing: RatePricing, entry: number, now: number): PriceStep | undefined {
  const nowCents = stayPrice(pricing, entry, now);
  const candidates = new Set<number>();
  for (let day = 0; day <= HORIZON_DAYS; day++) {
    const dayStart = entry + day * MINUTES_PER_DAY * MINUTE_MS;
    candidates.add(dayStart + MINUTE_MS);
    for (const set of pricing.hourly) for (const tier of set.tiers) candidates.add(dayStart + (tier.upToMinutes + 1) * MINUTE_MS);
  }
  for (const special of specialDeadlines(pricing, entry)) candidates.add(special.leaveByMs + 1);
  const ahead = [...candidates].filter((at) => at > now).sort((a, b) => a - b);
  for (const at of ahead) {
    const cents = stayPrice(pricing, entry, at);
    if (cents > nowCents) return { nowCents, leaveByMs: at - 1, thenCents: cents };
  }
  return undefined;
}

/**
 * The minute to show as "leave by". A deadline on the minute (a special's "out by 7 PM") is that
 * minute; a tier step inside a minute (entry 10:33:29, 2 hours → 12:34:29) shows the last minute
 * wholly before it (12:33), so leaving any time in the minute shown costs the price shown.
 */
export function leaveByMinute(step: PriceStep): number {
  const minuteStart = Math.floor(step.leaveByMs / MINUTE_MS) * MINUTE_MS;
  if (step.leaveByMs === minuteStart || step.leaveByMs - minuteStart >= MINUTE_MS - 1) return minuteStart;
  return minuteStart - MINUTE_MS;
}

const dollars = (cents: Cents): string => `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** "$28.53 if you leave by 12:33 PM (14 min left) · then $38.01". */
export function priceStepText(step: PriceStep, now: number, formatTime: (instant: number) => string): string {
  const leaveBy = leaveByMinute(step);
  const minutesLeft = Math.floor((leaveBy + MINUTE_MS - now) / MINUTE_MS);
  const left = minutesLeft >= 1 ? `${minutesLeft} min left` : 'under 1 min left';
  return `${dollars(step.nowCents)} if you leave by ${formatTime(leaveBy)} (${left}) · then ${dollars(step.thenCents)}`;
}

/**
 * The line for a ticket, or undefined when the board cannot say: the device's price of the stay
 * when the ticket was priced must be the server's (`chargedCents`, the ticket's amount plus fee),
 * else a coupon, a reservation, an audit review or a board changed since makes the line wrong.
 */
export function nextPriceStepFor(pricing: RatePricing, ticket: { entry: number; minutesAtFetch: number; chargedCents: Cents }, now: number): PriceStep | undefined {
  if (stayPrice(pricing, ticket.entry, ticket.entry + ticket.minutesAtFetch * MINUTE_MS) !== ticket.chargedCents) return undefined;
  return nextPriceStep(pricing, ticket.entry, now);
}
