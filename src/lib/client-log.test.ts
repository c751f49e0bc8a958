import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { clientLogRecordSchema } from '../contract/logs';
import { buildClientLogRecord, CLIENT_LOG_PATH, postClientLog } from './client-log';

const user = { uid: 'u1', displayName: 'Alice', email: 'a@example.com', phoneNumber: '+12125550123', signinTime: Date.parse('2026-11-23T10:00:00Z') };

describe('client log records', () => {
  it('builds a record the log API accepts', () => {
    const record = buildClientLogRecord({ logEvent: 'ForcedLogout', logLevel: 'Warning', message: 'x'.repeat(5000), user, now: new Date('2026-11-23T10:05:00Z'), userAgent: 'UA', deviceId: 'd1' });
    expect(v.safeParse(clientLogRecordSchema, record).success).toBe(true);
    expect(record).toMatchObject({ clientVersion: '3.1.340', uid: 'u1', phone: '+12125550123', lastLogin: '2026-11-23T10:00:00.000Z', createdAt: '2026-11-23T10:05:00.000Z' });
    expect(record.message).toHaveLength(4000);
  });

  it('builds an anonymous ClientError record', () => {
    const record = buildClientLogRecord({ logEvent: 'ClientError', logLevel: 'Error', message: 'boom', user: null, now: new Date() });
    expect(v.safeParse(clientLogRecordSchema, record).success).toBe(true);
    expect(record.uid).toBeNull();
  });

  it('posts with the client version header', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('{"clientLogId":1}', { status: 201 }));
    await postClientLog(buildClientLogRecord({ logEvent: 'Login', logLevel: 'Information', message: 'Login', user, now: new Date() }), fetch);
    expect(fetch.mock.calls[0]?.[0]).toBe(CLIENT_LOG_PATH);
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('X-Client-Version')).toBe('3.1.340');
  });

  it('writes a failed post only to the console', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offline = vi.fn<typeof globalThis.fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(postClientLog(buildClientLogRecord({ logEvent: 'Logout', logLevel: 'Information', message: 'Logout', user, now: new Date() }), offline)).resolves.toBeUndefined();
    const rejected = vi.fn<typeof globalThis.fetch>(async () => new Response('', { status: 500 }));
    await expect(postClientLog(buildClientLogRecord({ logEvent: 'Logout', logLevel: 'Information', message: 'Logout', user, now: new Date() }), rejected)).resolves.toBeUndefined();
    expect(consoleError).toHaveBeenCalledTimes(2);
    consoleError.mockRestore();
  });
});
