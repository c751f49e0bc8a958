/**
 * Instants placed on New York calendar days: seeds put notices "today", "in 3 days at 5 AM"
 * and so on relative to `now`, and the all-day notice search widens to whole New York days.
 */
import { Temporal } from 'temporal-polyfill';

export const NEW_YORK = 'America/New_York';

/** Midnight in New York that starts the day `dayOffset` days after the day containing `now`. */
export function startOfNewYorkDay(now: Date, dayOffset = 0): Date {
  const day = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(NEW_YORK).toPlainDate().add({ days: dayOffset });
  return new Date(day.toZonedDateTime({ timeZone: NEW_YORK }).epochMilliseconds);
}

/** The instant of local time `hour:minute` in New York on the day `dayOffset` days after `now`'s day. */
export function newYorkTime(now: Date, dayOffset: number, hour: number, minute = 0): Date {
  const day = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(NEW_YORK).toPlainDate().add({ days: dayOffset });
  const local = day.toPlainDateTime({ hour, minute });
  return new Date(local.toZonedDateTime(NEW_YORK).epochMilliseconds);
}
