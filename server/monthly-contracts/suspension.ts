/**
 * Suspension and resumption dates (licence text: the customer "may suspend and reactivate online";
 * "notice to stop charging must be given by the 25th"). Months run from the 1st, New York time.
 * - Suspend on or before the 25th: the next month is not charged (the suspension starts on the
 *   next 1st); after the 25th the next month is still charged and the suspension starts the 1st
 *   after. The card keeps working until the suspension starts. A month already billed (the job
 *   ran early for it) is never undone: the suspension then starts after it.
 * - Resume: charging and access restart on the next 1st, billed by the job like any month.
 */
import { Temporal } from 'temporal-polyfill';
import { SUSPENSION_NOTICE_LAST_DAY } from '../../src/contract/monthly-contracts.ts';
import { firstOfNewYorkMonth } from './contract-view.ts';

const NEW_YORK = 'America/New_York';

export function newYorkDayOfMonth(now: Date): number {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(NEW_YORK).day;
}

/** The 1st (New York midnight) from which a suspension asked for at `now` stops the charges. */
export function suspensionStart(now: Date, billedMonthStarts: readonly Date[]): Date {
  let start = firstOfNewYorkMonth(now, newYorkDayOfMonth(now) <= SUSPENSION_NOTICE_LAST_DAY ? 1 : 2);
  const billed = new Set(billedMonthStarts.map((date) => date.getTime()));
  while (billed.has(start.getTime())) start = firstOfNewYorkMonth(start, 1);
  return start;
}

/** The 1st from which a suspended contract asked to resume at `now` is charged and opens the gate again. */
export function resumeStart(now: Date): Date {
  return firstOfNewYorkMonth(now, 1);
}
