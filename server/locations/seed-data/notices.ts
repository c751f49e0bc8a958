/**
 * Blackouts (no reservations: the garage or its reservable spaces are closed) and alerts
 * (information only) on a handful of garages, placed relative to `now` so a fresh database
 * always has past, current and future notices. All-day notices span whole New York days
 * (local midnight to midnight); timed ones carry their exact window.
 */
import { newYorkTime, startOfNewYorkDay } from '../new-york-time.ts';

export type NoticeSeed = { locationId: number; start: Date; end: Date; allDay: boolean; message: string };

const HOUR = 3_600_000;

function allDays(now: Date, fromDay: number, days: number) {
  return { start: startOfNewYorkDay(now, fromDay), end: startOfNewYorkDay(now, fromDay + days), allDay: true };
}

export function buildBlackouts(now: Date): NoticeSeed[] {
  return [
    // Past, all day: First Avenue is on the marathon route.
    { locationId: 19, ...allDays(now, -22, 1), message: 'Closed for the NYC Marathon. First Avenue is closed to traffic; please use our garage at 225 E 86th St.' },
    // Past, timed.
    { locationId: 5, start: newYorkTime(now, -10, 8), end: newYorkTime(now, -10, 16), allDay: false, message: 'Closed 8 AM–4 PM for a film shoot on W 35th St.' },
    // Current: from this New York day's start to 5 AM tomorrow, as its message says (a stay
    // starting at the next half hour, even at 11:45 PM, falls inside it).
    { locationId: 13, start: startOfNewYorkDay(now, 0), end: newYorkTime(now, 1, 5), allDay: false, message: 'Closed today for deck resurfacing. Reopens tomorrow at 5 AM.' },
    // Current, timed.
    { locationId: 21, start: new Date(now.getTime() - 2 * HOUR), end: new Date(now.getTime() + 6 * HOUR), allDay: false, message: 'Reservations are sold out for tonight\'s Barclays Center event.' },
    // Future, timed (New York morning, parade route on Central Park West).
    { locationId: 16, start: newYorkTime(now, 3, 5), end: newYorkTime(now, 3, 13), allDay: false, message: 'Closed until 1 PM for the Macy\'s Thanksgiving Day Parade. Cars parked before 5 AM can leave after 1 PM.' },
    // Future, timed overnight.
    { locationId: 3, start: newYorkTime(now, 4, 22), end: newYorkTime(now, 5, 6), allDay: false, message: 'Closed overnight 10 PM–6 AM for sprinkler system testing.' },
    // Future, all day, several days.
    { locationId: 1, ...allDays(now, 38, 2), message: 'Closed for New Year\'s Eve in Times Square: NYPD street closures begin at 3 PM.' },
    { locationId: 36, ...allDays(now, 12, 1), message: 'Reserved for a private event at Prudential Center. Please park at 41 Edison Pl.' },
  ];
}

export function buildAlerts(now: Date): NoticeSeed[] {
  return [
    // Past.
    { locationId: 4, start: newYorkTime(now, -30, 6), end: newYorkTime(now, -9, 22), allDay: false, message: 'Entrance moved to W 51st St during sidewalk repairs on W 52nd St.' },
    // Current, timed over several days.
    { locationId: 16, start: new Date(now.getTime() - 72 * HOUR), end: new Date(now.getTime() + 96 * HOUR), allDay: false, message: 'Elevator maintenance — use the stairs at the Broadway entrance.' },
    // Current, all day.
    { locationId: 34, ...allDays(now, 0, 1), message: 'Height limit 6\'8" at the Raymond Blvd entrance today during ramp repairs.' },
    // Current, timed, this evening.
    { locationId: 36, start: new Date(now.getTime() - 1 * HOUR), end: newYorkTime(now, 1, 1), allDay: false, message: 'Event tonight at Prudential Center: event rates apply from 5 PM and exits may be slow after the game.' },
    { locationId: 39, start: newYorkTime(now, -1, 0), end: newYorkTime(now, 5, 0), allDay: false, message: 'NJ Transit track work this week: check train schedules before you park.' },
    // Future.
    { locationId: 31, ...allDays(now, 8, 30), message: 'From December 1 this garage is cashless: pay by card, phone or the ParkFair app.' },
    { locationId: 7, start: newYorkTime(now, 2, 15), end: newYorkTime(now, 2, 23), allDay: false, message: 'Madison Square Garden event tonight: arrive early, event rates apply.' },
  ];
}
