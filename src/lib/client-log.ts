/**
 * Client log records (spec 1 §3) posted to POST /logs/api/webclient_log for Login, Logout,
 * ForcedLogout and ClientError. Logging never throws and never retries: a failed post is only
 * written to the console (spec 1 §8). Posted with plain fetch, not the API client, so a 401 on
 * the log call can never start a sign-out loop.
 */
import type { ClientLogRecord, LogEvent, LogLevel } from '../contract/logs';
import { CLIENT_VERSION } from './client-version';
import { STORAGE_KEYS } from './constants';
import { readStorage, writeStorage } from './storage';

export const CLIENT_LOG_PATH = '/logs/api/webclient_log';

export type LogUser = {
  uid: string;
  displayName: string | null;
  email: string | null;
  phoneNumber: string | null;
  signinTime?: number;
};

type RecordInput = {
  logEvent: LogEvent;
  logLevel: LogLevel;
  message: string;
  user: LogUser | null;
  now: Date;
  userAgent?: string;
  deviceId?: string;
};

const truncate = (text: string, max: number): string => (text.length > max ? text.slice(0, max) : text);

export function buildClientLogRecord(input: RecordInput): ClientLogRecord {
  const { user } = input;
  return {
    logLevel: input.logLevel,
    logEvent: input.logEvent,
    message: truncate(input.message, 4000),
    clientVersion: CLIENT_VERSION,
    uid: user?.uid ?? null,
    displayName: user?.displayName ? truncate(user.displayName, 200) : null,
    email: user?.email ?? null,
    phone: user?.phoneNumber ?? null,
    userAgent: input.userAgent ? truncate(input.userAgent, 512) : null,
    createdAt: input.now.toISOString(),
    lastLogin: user?.signinTime ? new Date(user.signinTime).toISOString() : null,
    deviceId: input.deviceId ?? null,
  };
}

export function getDeviceId(): string {
  const existing = readStorage(STORAGE_KEYS.deviceId);
  if (existing) return existing;
  const id = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  writeStorage(STORAGE_KEYS.deviceId, id);
  return id;
}

export async function postClientLog(record: ClientLogRecord, fetchFn: typeof fetch = (...args) => globalThis.fetch(...args)): Promise<void> {
  try {
    const response = await fetchFn(CLIENT_LOG_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Client-Version': CLIENT_VERSION },
      body: JSON.stringify(record),
      keepalive: true,
    });
    if (!response.ok) console.error(`Client log post failed: HTTP ${response.status}`, record);
  } catch (error: unknown) {
    console.error('Client log post failed', error, record);
  }
}

/** Builds and posts one record with this browser's user agent and device id. */
export function logClientEvent(logEvent: LogEvent, logLevel: LogLevel, message: string, user: LogUser | null): void {
  const record = buildClientLogRecord({
    logEvent,
    logLevel,
    message,
    user,
    now: new Date(),
    userAgent: globalThis.navigator?.userAgent,
    deviceId: getDeviceId(),
  });
  void postClientLog(record);
}
