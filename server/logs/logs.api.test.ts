import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientLogCreatedSchema, type ClientLogRecord } from '../../src/contract/logs.ts';
import { TEST_NOW } from '../testing/test-clock.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const record: ClientLogRecord = {
  logLevel: 'Information', logEvent: 'Login', clientVersion: '3.1.340', message: 'User signed in',
  uid: 'u_123', displayName: 'Pat Rivera', email: 'pat@example.com', phone: '+12125550123',
  userAgent: 'Mozilla/5.0 (iPhone)', createdAt: '2026-11-23T18:59:58.000Z', expirationTime: '2026-11-23T19:59:58.000Z',
  lastLogin: '2026-11-23T18:59:58.000Z', deviceId: 'device-abc',
};

const post = (body: unknown) => t.request('/logs/api/webclient_log', { method: 'POST', json: body });

describe('POST /logs/api/webclient_log', () => {
  it('stores the record and answers 201 with its id', async () => {
    const response = await post(record);
    expect(response.status).toBe(201);
    const { clientLogId } = v.parse(clientLogCreatedSchema, await response.json());
    const [row] = await t.db.query<Record<string, unknown>>('select * from client_logs where client_log_id = $1', [clientLogId]);
    expect(row).toMatchObject({ log_level: 'Information', log_event: 'Login', message: 'User signed in', uid: 'u_123', client_version: '3.1.340', device_id: 'device-abc' });
    expect((row?.['received_at'] as Date).toISOString()).toBe(TEST_NOW.toISOString());
    expect((row?.['created_at'] as Date).toISOString()).toBe('2026-11-23T18:59:58.000Z');
  });

  it('accepts a ClientError with no user', async () => {
    const response = await post({ logLevel: 'Error', logEvent: 'ClientError', message: 'TypeError: x is undefined' });
    expect(response.status).toBe(201);
  });

  it('answers 400 with a message for bad records', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...record, logLevel: 'Info' }, /logLevel must be one of Trace, Debug, Information, Warning, Error, Critical, None/],
      [{ ...record, logEvent: 'PageView' }, /logEvent must be one of Login, Logout, ForcedLogout, ClientError/],
      [{ ...record, message: 'x'.repeat(4001) }, /message: must be at most 4000 characters/],
      [{ ...record, uid: 'u'.repeat(129) }, /uid: must be at most 128 characters/],
      [{ ...record, createdAt: 'now' }, /createdAt: must be an ISO 8601 date-time/],
      [{ logLevel: 'Error', logEvent: 'ClientError' }, /message/],
    ];
    for (const [body, message] of cases) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toMatch(message);
    }
    const [count] = await t.db.query<{ n: number }>('select count(*)::int as n from client_logs');
    expect(count?.n).toBe(2);
  });
});
