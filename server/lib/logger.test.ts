import { describe, expect, it } from 'vitest';
import { log, maskSensitive, setLogDestination } from './logger.ts';
import { acceptRequestId, runAsJob, runInContext } from './request-context.ts';

function capture() {
  const lines: string[] = [];
  const restore = setLogDestination({ write: (line: string) => void lines.push(line) });
  return { lines, restore, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJl';

describe('maskSensitive', () => {
  it.each([
    [`Bearer ${TOKEN}`, 'Bearer [token]'],
    [`token ${TOKEN} refused`, 'token [token] refused'],
    ['pi_3Nabc_secret_XyZ123', '[token]'],
    ['key sk_live_51Habc', 'key [token]'],
    ['mail alice.driver+1@example.com now', 'mail [email] now'],
    ['card 4242424242424242 declined', 'card [card] declined'],
    ['card 4242 4242 4242 4242', 'card [card]'],
    ['card 3782-822463-10005', 'card [card]'],
    ['call +1 212 555 0123', 'call [phone]'],
    ['call +12125550123', 'call [phone]'],
    ['call (212) 555-0123', 'call [phone]'],
    ['call 212-555-0123', 'call [phone]'],
    ['ALC100 is not one of your vehicles', '[plate] is not one of your vehicles'],
    ['plate NYC-4821 entered', 'plate [plate] entered'],
    ['7ABC123', '[plate]'],
  ])('%s → %s', (text, masked) => {
    expect(maskSensitive(text)).toBe(masked);
  });

  it('leaves ordinary text, ids, times and amounts alone', () => {
    for (const text of [
      '[billing] contract 12 period 340: declined',
      'GET /payments/api/payments/:paymentId 200 in 12.5 ms',
      'request 9f1c2a7e-1b2c-4d5e-8f90-123456789abc',
      '2026-12-06T09:09:11.000Z',
      'ready in 1234 ms on http://127.0.0.1:8080',
      'reservation 1042 refunded $12.50',
    ]) {
      expect(maskSensitive(text)).toBe(text);
    }
  });
});

describe('acceptRequestId', () => {
  it('keeps an id-shaped header and replaces anything else', () => {
    expect(acceptRequestId('lb-7f3a9c21e0b4')).toBe('lb-7f3a9c21e0b4');
    for (const bad of [undefined, '', 'short', 'x'.repeat(65), 'a b c d e f g h', 'id\nforged: line', '{"level":"fatal"}', '+12125550123', '4242424242424242', 'alice@example.com']) {
      const id = acceptRequestId(bad);
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('the logger', () => {
  it('redacts secret fields, masks messages, fields and errors, and adds the context', async () => {
    const { restore, parsed } = capture();
    try {
      runInContext({ requestId: 'req-12345678', uid: 'uid-alice' }, () => {
        log.info({ authorization: `Bearer ${TOKEN}`, body: { email: 'a@b.co', number: '4242424242424242', note: 'plate ALC100' } }, 'charged 4242424242424242 for alice@example.com');
        log.error({ err: new Error('duplicate key (phone)=(+12125550123)') }, 'insert failed');
      });
      await runAsJob('billing', async () => log.info('[billing] run done'));
    } finally {
      restore();
    }
    const [charged, failed, job] = parsed();
    const all = JSON.stringify(parsed());
    for (const secret of [TOKEN, '4242424242424242', 'a@b.co', 'alice@example.com', 'ALC100', '+12125550123']) expect(all).not.toContain(secret);
    expect(charged).toMatchObject({ level: 'info', reqId: 'req-12345678', uid: 'uid-alice', authorization: '[redacted]', body: { email: '[redacted]', number: '[redacted]', note: 'plate [plate]' }, msg: 'charged [card] for [email]' });
    expect(failed).toMatchObject({ level: 'error', reqId: 'req-12345678', err: { message: 'duplicate key (phone)=([phone])' } });
    expect(job).toMatchObject({ job: 'billing', jobId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown });
    expect(job).not.toHaveProperty('reqId');
  });
});
