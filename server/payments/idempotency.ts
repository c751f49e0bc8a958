/**
 * `Idempotency-Key` request header, with Stripe's semantics, for the payment POSTs: the first
 * request with a key runs; a repeat with the same key and the same request (method, path, body)
 * gets the first answer again with `Idempotent-Replayed: true`, even from another API process,
 * because keys and answers are rows in idempotency_keys. A repeat that arrives while the first is
 * still running waits for it. The same key on a different request is refused (422). Keys are per
 * signed-in user and live 24 hours. Answers of 409 (a race lost) and 5xx are not kept, so a retry
 * runs again.
 */
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/client.ts';
import type { AuthVariables } from '../lib/auth.ts';

const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 50;

type KeyRow = { request_fingerprint: string; state: 'running' | 'done'; response_status: number | null; response_body: string | null };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function idempotencyKeys(db: Db, now: () => Date): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const key = c.req.header('Idempotency-Key');
    if (key === undefined) return next();
    if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
      return c.json({ message: 'Idempotency-Key must be 1 to 255 visible ASCII characters.' }, 400);
    }
    const uid = c.get('user').uid;
    const body = await c.req.text();
    const fingerprint = createHash('sha256').update(`${c.req.method} ${c.req.path}\n${body}`).digest('hex');

    await db.query('delete from idempotency_keys where owner_uid = $1 and idempotency_key = $2 and created_at < $3', [
      uid, key, new Date(now().getTime() - KEY_LIFETIME_MS),
    ]);
    const inserted = await db.query(
      `insert into idempotency_keys (owner_uid, idempotency_key, request_fingerprint, state, created_at)
       values ($1, $2, $3, 'running', $4) on conflict do nothing returning 1 as inserted`,
      [uid, key, fingerprint, now()],
    );

    if (inserted.length === 0) {
      const deadline = Date.now() + WAIT_FOR_FIRST_MS;
      while (Date.now() < deadline) {
        const [row] = await db.query<KeyRow>(
          'select request_fingerprint, state, response_status, response_body from idempotency_keys where owner_uid = $1 and idempotency_key = $2',
          [uid, key],
        );
        if (!row) return c.json({ message: 'The first request with this Idempotency-Key failed; please retry.' }, 409);
        if (row.request_fingerprint !== fingerprint) {
          return c.json({ message: 'This Idempotency-Key was already used for a different request.' }, 422);
        }
        if (row.state === 'done') {
          return new Response(row.response_body, {
            status: row.response_status ?? 200,
            headers: { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' },
          });
        }
        await sleep(POLL_MS);
      }
      return c.json({ message: 'A request with this Idempotency-Key is still running.' }, 409);
    }

    try {
      await next();
    } catch (error: unknown) {
      await db.query('delete from idempotency_keys where owner_uid = $1 and idempotency_key = $2', [uid, key]);
      throw error;
    }
    const status = c.res.status;
    if (status >= 500 || status === 409) {
      await db.query('delete from idempotency_keys where owner_uid = $1 and idempotency_key = $2', [uid, key]);
      return;
    }
    const responseBody = await c.res.clone().text();
    await db.query(
      `update idempotency_keys set state = 'done', response_status = $3, response_body = $4 where owner_uid = $1 and idempotency_key = $2`,
      [uid, key, status, responseBody],
    );
  };
}
