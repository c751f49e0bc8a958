/**
 * The garage's rate board in words, as posted at its entrance: hourly tiers per day group,
 * specials, oversize, events, the monthly rate, and the tax and fee notes. Prices are before
 * tax (as NYC and NJ boards post them) and the tax note says what is added.
 */
import type { RateBoard, RatePricing } from '../../src/contract/rates.ts';
import type { LocationArea } from '../../src/contract/locations.ts';
import { describeTier, EVENT_ARRIVAL_AFTER_MINUTES, EVENT_ARRIVAL_BEFORE_MINUTES } from './daily-rate.ts';
import { formatDays, MINUTES_PER_DAY, toLocal, dayName } from './local-time.ts';
import { type Cents, formatMoney } from './money.ts';
import type { RateCard, WindowSpecial } from './rate-card.ts';
import { taxComponents, totalRateThousandths } from './taxes.ts';

export type BoardExtras = {
  area: LocationArea;
  arenaZone: boolean;
  acceptsOversized: boolean;
  hoursText: string;
  /** The upcoming events the board lists. */
  events: { eventName: string; venueName: string; start: Date; cents: Cents }[];
  /** The events its pricing carries (default `events`): see `eventsForParkedCars`. */
  pricedEvents?: { start: Date; cents: Cents }[];
  monthly: { groupName: string; cents: Cents }[];
};

/** How far back a parked car's entry may lie for the board to price its stay: the device's next-step horizon. */
export const PARKED_LOOKBACK_MS = 8 * 86_400_000;

/**
 * The events a board's pricing carries: the upcoming ones it lists, and every event whose arrival
 * window (3 hours before the start to 1 hour after) may hold the entry of a car parked in the last
 * PARKED_LOOKBACK_MS. The garage prices such a car's whole stay with the event's rate, tax and fee
 * (server/parking-system/ticket-pricing.ts), however long ago the event ended: a board with only
 * upcoming events priced it otherwise, and the device then showed no next price step (a car in at
 * 8:25 PM for a 7:30 PM game, read after the game's 10:30 PM end).
 */
export function eventsForParkedCars<E extends { startTime: Date }>(events: readonly E[], now: Date): E[] {
  const earliest = now.getTime() - PARKED_LOOKBACK_MS - EVENT_ARRIVAL_AFTER_MINUTES * 60_000;
  const latest = now.getTime() + EVENT_ARRIVAL_BEFORE_MINUTES * 60_000;
  return events.filter((event) => event.startTime.getTime() >= earliest && event.startTime.getTime() <= latest);
}

type Section = RateBoard['sections'][number];
const line = (label: string, cents: Cents, prefix = '') => ({ label, amount: cents / 100, text: `${label} ${prefix}${formatMoney(cents)}` });

/** "6 AM", "9:30 AM", "midnight". */
function shortTime(minutes: number): string {
  const inDay = minutes % MINUTES_PER_DAY;
  if (inDay === 0) return 'midnight';
  const hour = Math.floor(inDay / 60);
  const minute = inDay % 60;
  return `${hour % 12 === 0 ? 12 : hour % 12}${minute ? `:${String(minute).padStart(2, '0')}` : ''} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "6–10 AM" when both ends share AM/PM, else "5 PM–midnight". */
function timeRange(from: number, until: number): string {
  const start = shortTime(from);
  const end = shortTime(until);
  const [startClock, startSuffix] = start.split(' ');
  return startSuffix && end.endsWith(` ${startSuffix}`) ? `${startClock}–${end}` : `${start}–${end}`;
}

const SPECIAL_NAMES: Record<WindowSpecial['kind'], string> = { 'early-bird': 'Early Bird', night: 'Night', weekend: 'Weekend', 'max-to-close': 'Max to Close' };

export function describeSpecialLine(special: WindowSpecial): string {
  const leaveBy = `${shortTime(special.leaveBy)}${special.leaveBy > MINUTES_PER_DAY ? ' next day' : ''}`;
  const days = formatDays(special.days);
  if (special.kind === 'max-to-close') return `Max to Close ${days} (in after ${shortTime(special.enterFrom)}, out by closing at ${leaveBy})`;
  return `${SPECIAL_NAMES[special.kind]} ${days} (in ${timeRange(special.enterFrom, special.enterUntil)}, out by ${leaveBy})`;
}

export function buildRateBoard(card: RateCard, extras: BoardExtras): RateBoard {
  const sections: Section[] = card.hourly.map((set) => ({
    title: `Hourly rates ${formatDays(set.days)}`,
    lines: set.tiers.map((tier) => line(describeTier(tier), tier.cents)),
    notes: [],
  }));
  if (card.specials.length > 0) {
    sections.push({ title: 'Specials', lines: card.specials.map((special) => line(describeSpecialLine(special), special.cents)), notes: ['The lowest rate that applies to your stay is charged.'] });
  }
  sections.push(oversizeSection(card, extras.acceptsOversized));
  if (extras.events.length > 0) {
    sections.push({
      title: 'Event parking',
      lines: extras.events.map((event) => {
        const local = toLocal(event.start);
        const date = `${dayName(local.dayOfWeek)} ${local.date.month}/${local.date.day} ${shortTime(Math.floor(local.minuteOfDay))}`;
        return line(`${event.eventName}, ${event.venueName} (${date})`, event.cents);
      }),
      notes: ['Event rates apply when you arrive from 3 hours before the start to 1 hour after.'],
    });
  }
  if (extras.monthly.length > 0) {
    sections.push({ title: 'Monthly parking', lines: extras.monthly.map((rate) => line(`${rate.groupName} monthly`, rate.cents)), notes: [] });
  }
  const taxes = taxComponents({ area: extras.area, arenaZone: extras.arenaZone, isEventRate: false, isResident: false, isTaxExempt: false });
  const taxText = taxes.map((tax) => `${tax.name} ${tax.rateThousandths / 1000}%`).join(' + ');
  const notes = [
    `Hours: ${extras.hoursText}.`,
    `Rates are before tax. ${taxText} is added.`,
    `Online reservations add a service fee of ${formatMoney(card.serviceFeeCents)} (${formatMoney(card.eventServiceFeeCents)} at event rates).`,
  ];
  if (extras.area === 'newark' && extras.arenaZone) notes.push('At event rates, a 7% arena event surcharge replaces the 3.5% non-resident tax.');
  sections.push({ title: 'Taxes and fees', lines: [], notes });
  return { locationId: card.locationId, sections, pricing: boardPricing(card, extras) };
}

/** The card as numbers (src/contract/rates.ts `ratePricingSchema`): what a ticket's stay is priced with. */
function boardPricing(card: RateCard, extras: BoardExtras): RatePricing {
  const tax = (isEventRate: boolean) => totalRateThousandths(taxComponents({ area: extras.area, arenaZone: extras.arenaZone, isEventRate, isResident: false, isTaxExempt: false }));
  return {
    hourly: card.hourly.map((set) => ({ days: [...set.days], tiers: set.tiers.map((tier) => ({ upToMinutes: tier.upToMinutes, cents: tier.cents })) })),
    specials: card.specials.map((special) => ({ days: [...special.days], enterFrom: special.enterFrom, enterUntil: special.enterUntil, leaveBy: special.leaveBy, cents: special.cents })),
    events: (extras.pricedEvents ?? extras.events).map((event) => ({ startTimeUtc: event.start.toISOString(), cents: event.cents })),
    taxRateThousandths: tax(false),
    eventTaxRateThousandths: tax(true),
    serviceFeeCents: card.serviceFeeCents,
    eventServiceFeeCents: card.eventServiceFeeCents,
  };
}

function oversizeSection(card: RateCard, acceptsOversized: boolean): Section {
  const title = 'Oversized vehicles';
  if (!acceptsOversized || card.oversize.kind === 'not-accepted') return { title, lines: [], notes: ['This location does not accept Oversized Vehicles.'] };
  if (card.oversize.kind === 'percent') return { title, lines: [], notes: [`Oversized vehicles pay ${card.oversize.percent}% more than the posted rate.`] };
  return { title, lines: [line('Oversize surcharge, per 24 hours', card.oversize.centsPerDay, '+')], notes: ['SUVs, pickups and vans over 181 in. long or 70 in. high.'] };
}
