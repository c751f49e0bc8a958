/**
 * The client log record of spec 1 §3, posted to POST /logs/api/webclient_log.
 * Only the level, event and message are required: a ClientError before sign-in has no user.
 */
import * as v from 'valibot';
import { isoDateTimeSchema } from './paged.ts';

export const LOG_LEVELS = ['Trace', 'Debug', 'Information', 'Warning', 'Error', 'Critical', 'None'] as const;
export const LOG_EVENTS = ['Login', 'Logout', 'ForcedLogout', 'ClientError'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogEvent = (typeof LOG_EVENTS)[number];

const text = (max: number) => v.nullish(v.pipe(v.string(), v.maxLength(max, `must be at most ${max} characters`)));

export const clientLogRecordSchema = v.object({
  logLevel: v.picklist(LOG_LEVELS, `logLevel must be one of ${LOG_LEVELS.join(', ')}`),
  logEvent: v.picklist(LOG_EVENTS, `logEvent must be one of ${LOG_EVENTS.join(', ')}`),
  message: v.pipe(v.string(), v.maxLength(4000, 'must be at most 4000 characters')),
  clientVersion: text(32),
  uid: text(128),
  displayName: text(200),
  email: text(254),
  phone: text(32),
  userAgent: text(512),
  createdAt: v.nullish(isoDateTimeSchema),
  expirationTime: v.nullish(isoDateTimeSchema),
  lastLogin: v.nullish(isoDateTimeSchema),
  deviceId: text(128),
});
export type ClientLogRecord = v.InferInput<typeof clientLogRecordSchema>;

export const clientLogCreatedSchema = v.object({ clientLogId: v.number() });
