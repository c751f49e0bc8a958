/**
 * The daily rate for one stay at one garage, the way its rate board works: price the stay on the
 * hourly tiers, price it on every flat special whose window it fits (early bird, night, weekend,
 * max-to-close), and charge the cheapest. While an event at a nearby venue is on (the driver
 * arrives from 3 hours before the start to 1 hour after), the event rate overrides the board:
 * the stay costs the event rate, or the board price if a long stay costs more.
 *
 * A stay that cannot be sold gets no price and a reason the client shows instead (spec 2 §4:
 * "an all-zero rate instance id shows the rate message"): arrival already passed, the garage is
 * closed when the driver would drive in or out, or a blackout covers the window.
 */
import { addDays, atLocalMinuteMs, formatDays, formatMinuteOfDay, type LocalMoment, MINUTES_PER_DAY, toLocal } from './local-time.ts';
import type { Cents } from './money.ts';
import { isOpenAt } from './operating-hours.ts';
import { dailyMaximum, type HourlyTier, type RateCard, SPECIAL_MESSAGES, tierSetFor, type WindowSpecial } from './rate-card.ts';

/** An event rate this garage posts for an event at a nearby venue. */
export type EventRateOffer = { eventRateId: number; eventId: number; eventName: string; venueName: string; startTime: Date; cents: Cents };

/** Board lines are numbered garage × 100 + line; event rates are numbered from here so the two never collide. */
export const EVENT_RATE_ID_OFFSET = 1_000_000;
export const EVENT_ARRIVAL_BEFORE_MINUTES = 180;
export const EVENT_ARRIVAL_AFTER_MINUTES = 60;
/** A search may start at the current half-hour slot, which can be up to 30 minutes ago. */
export const PAST_ARRIVAL_GRACE_MINUTES = 30;

export type DailyStay = {
  card: RateCard;
  entry: Date;
  exit: Date;
  now: Date;
  events: readonly EventRateOffer[];
  /** Messages of blackouts overlapping the stay. */
  blackoutMessages: readonly string[];
  /** Posted hours, quoted when the garage is closed. */
  hoursText: string;
};

export type PricedStay = {
  isAvailable: true;
  rateId: number;
  cents: Cents;
  rateMessage: string;
  timeDescription: string;
  isEventRate: boolean;
  eventId: number | null;
  durationMinutes: number;
};
export type UnavailableStay = { isAvailable: false; rateMessage: string; durationMinutes: number };
export type DailyQuote = PricedStay | UnavailableStay;

const MINUTE_MS = 60_000;

export function calculateDailyRate(stay: DailyStay): DailyQuote {
  const durationMinutes = (stay.exit.getTime() - stay.entry.getTime()) / MINUTE_MS;
  const reason = whyUnavailable(stay);
  if (reason) return { isAvailable: false, rateMessage: reason, durationMinutes };

  const entry = toLocal(stay.entry);
  const board = cheapestBoardRate(stay.card, entry, stay.exit, durationMinutes);
  const event = eventInEffect(stay.events, stay.entry);
  if (!event) {
    return { isAvailable: true, rateId: board.rateId, cents: board.cents, rateMessage: board.rateMessage, timeDescription: board.timeDescription, isEventRate: false, eventId: null, durationMinutes };
  }
  const cents = Math.max(event.cents, board.cents);
  return {
    isAvailable: true,
    rateId: event.cents >= board.cents ? EVENT_RATE_ID_OFFSET + event.eventRateId : board.rateId,
    cents,
    rateMessage: 'Event Rate',
    timeDescription: `Event parking for ${event.eventName} at ${event.venueName}`,
    isEventRate: true,
    eventId: event.eventId,
    durationMinutes,
  };
}

/** Why no rate can be sold for this stay, or undefined when one can. */
function whyUnavailable(stay: DailyStay): string | undefined {
  if (stay.entry.getTime() < stay.now.getTime() - PAST_ARRIVAL_GRACE_MINUTES * MINUTE_MS) {
    return 'The selected arrival time has already passed. Please choose a later time.';
  }
  const entry = toLocal(stay.entry);
  if (!isOpenAt(stay.card.hours, entry.dayOfWeek, entry.minuteOfDay, false)) {
    return `This location is closed at the selected arrival time. Hours: ${stay.hoursText}.`;
  }
  const exit = toLocal(stay.exit);
  if (!isOpenAt(stay.card.hours, exit.dayOfWeek, exit.minuteOfDay, true)) {
    return `This location is closed at the selected departure time. Hours: ${stay.hoursText}.`;
  }
  if (stay.blackoutMessages.length > 0) return `This location is not available for the selected time: ${stay.blackoutMessages.join(' ')}`;
  return undefined;
}

type BoardRate = { rateId: number; cents: Cents; rateMessage: string; timeDescription: string };

/** The cheapest of the hourly price and every special the stay fits; a special wins only when strictly cheaper. */
export function cheapestBoardRate(card: RateCard, entry: LocalMoment, exit: Date, durationMinutes: number): BoardRate {
  let best: BoardRate = priceOnHourlyTiers(card, entry, durationMinutes);
  for (const special of card.specials) {
    if (special.cents < best.cents && fitsSpecial(special, entry, exit)) {
      best = { rateId: special.rateId, cents: special.cents, rateMessage: SPECIAL_MESSAGES[special.kind], timeDescription: describeSpecial(special) };
    }
  }
  return best;
}

/**
 * Full 24-hour periods at each day's maximum, then the smallest tier that covers the rest.
 * Each period uses the tier set of the day it starts on (so a weekend day costs weekend prices).
 */
export function priceOnHourlyTiers(card: RateCard, entry: LocalMoment, durationMinutes: number): BoardRate {
  const fullDays = Math.floor(durationMinutes / MINUTES_PER_DAY);
  const rest = durationMinutes - fullDays * MINUTES_PER_DAY;
  let cents = 0;
  let lastTier: HourlyTier | undefined;
  for (let day = 0; day < fullDays; day++) {
    lastTier = dailyMaximum(tierSetFor(card, addDays(entry.dayOfWeek, day)));
    cents += lastTier.cents;
  }
  if (rest > 0 || fullDays === 0) {
    const set = tierSetFor(card, addDays(entry.dayOfWeek, fullDays));
    lastTier = set.tiers.find((tier) => tier.upToMinutes >= rest) ?? dailyMaximum(set);
    cents += lastTier.cents;
  }
  if (!lastTier) throw new Error('unreachable: a stay covers at least one tier');
  const dayText = fullDays === 0 ? '' : `${fullDays} ${fullDays === 1 ? 'day' : 'days'}`;
  const restText = rest > 0 ? describeTier(lastTier) : '';
  return {
    rateId: lastTier.rateId,
    cents,
    rateMessage: 'Hourly Rate',
    timeDescription: [dayText, restText].filter(Boolean).join(' + ') || describeTier(lastTier),
  };
}

export function fitsSpecial(special: WindowSpecial, entry: LocalMoment, exit: Date): boolean {
  return (
    special.days.includes(entry.dayOfWeek) &&
    entry.minuteOfDay >= special.enterFrom &&
    entry.minuteOfDay < special.enterUntil &&
    exit.getTime() <= atLocalMinuteMs(entry.date, special.leaveBy)
  );
}

/** The event whose arrival window holds the entry; the one starting soonest when two overlap. */
export function eventInEffect(events: readonly EventRateOffer[], entry: Date): EventRateOffer | undefined {
  // One pass, no arrays: asked for every garage of every search. Ties keep the earlier-listed event.
  let soonest: EventRateOffer | undefined;
  const at = entry.getTime();
  for (const event of events) {
    const start = event.startTime.getTime();
    const inWindow = at >= start - EVENT_ARRIVAL_BEFORE_MINUTES * MINUTE_MS && at <= start + EVENT_ARRIVAL_AFTER_MINUTES * MINUTE_MS;
    if (inWindow && (soonest === undefined || start < soonest.startTime.getTime())) soonest = event;
  }
  return soonest;
}

/** "Up to 30 minutes", "Up to 1 hour", "Up to 10 hours", "Max 24 hours". */
export function describeTier(tier: HourlyTier): string {
  if (tier.upToMinutes >= MINUTES_PER_DAY) return 'Max 24 hours';
  if (tier.upToMinutes < 60) return `Up to ${tier.upToMinutes} minutes`;
  const hours = tier.upToMinutes / 60;
  return `Up to ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

function describeLeaveBy(minutes: number): string {
  if (minutes >= 2 * MINUTES_PER_DAY) return `${formatMinuteOfDay(minutes)} two days later`;
  if (minutes > MINUTES_PER_DAY) return `${formatMinuteOfDay(minutes)} next day`;
  if (minutes === MINUTES_PER_DAY) return 'midnight';
  return formatMinuteOfDay(minutes);
}

/** Descriptions per special: a card's specials are immutable, and the cheapest one is described on most searches. */
const specialDescriptions = new WeakMap<WindowSpecial, string>();

/** "Enter 6:00 AM–10:00 AM, exit by 7:00 PM (Mon–Fri)". */
export function describeSpecial(special: WindowSpecial): string {
  let text = specialDescriptions.get(special);
  if (text === undefined) {
    text = composeSpecialDescription(special);
    specialDescriptions.set(special, text);
  }
  return text;
}

function composeSpecialDescription(special: WindowSpecial): string {
  const days = formatDays(special.days);
  if (special.kind === 'max-to-close') return `Enter after ${formatMinuteOfDay(special.enterFrom)}, exit by closing at ${describeLeaveBy(special.leaveBy)} (${days})`;
  const enterUntil = special.enterUntil >= MINUTES_PER_DAY ? 'midnight' : formatMinuteOfDay(special.enterUntil);
  return `Enter ${formatMinuteOfDay(special.enterFrom)}–${enterUntil}, exit by ${describeLeaveBy(special.leaveBy)} (${days})`;
}
