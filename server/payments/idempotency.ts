/**
 * `Idempotency-Key` request header, with Stripe's semantics, for the payment POSTs: the first
 * request with a key runs; a repeat with the same key and the same request (method, path, body)
 * gets the first answer again with `Idempotent-Replayed: true`, even from another API process,
 * because keys and answers are rows in idempotency_keys. A repeat that arrives while the first is
 * still running waits for it. The same key on a different request is refused (422). Keys are per
 * signed-in user and are answered for KEY_LIFETIME_MS (7 days; server/maintenance/prune.ts deletes
 * them afterwards). Answers of 409 (a race lost) and 5xx are not kept, so a retry runs again.
 *
 * Leases: the running request holds its key for LEASE_MS and renews it every RENEW_EVERY_MS while
 * it works. A holder that died (kill -9, OOM, a lost machine) stops renewing, so at most LEASE_MS
 * after its last renewal a retry of the same request takes the key over and runs the request
 * again. That is safe for money because the handlers reconcile before they charge: a payment left
 * "processing" is re-driven on the intent it recorded, which the processor is asked about first
 * (payment-service.ts), with processor idempotency keys derived from the payment id.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/client.ts';
import type { AuthVariables } from '../lib/auth.ts';
import { log } from '../lib/logger.ts';

/** How long a key's answer is replayed: the client's retries take minutes, its offline queue a day or so. */
export const KEY_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A running key whose holder has not renewed it for this long is taken over by a retry. */
export const LEASE_MS = 30_000;
/** Well inside LEASE_MS, so a slow database round trip or a GC pause does not lose a live lease. */
const RENEW_EVERY_MS = 5_000;
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 50;

type KeyRow = {
  request_fingerprint: string;
  state: 'running' | 'done';
  response_status: number | null;
  response_body: string | null;
  lease_expires_at: Date | null;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function idempotencyKeys(db: Db, now: () => Date): MiddlewareHandler<{ Variables: AuthVariables }> {
  const leaseEnd = () => new Date(now().getTime() + LEASE_MS);

  /** Inserts the key, or takes over a running one whose lease has expired; true when this request holds it. */
  async function acquire(uid: string, key: string, fingerprint: string, token: string): Promise<boolean> {
    const inserted = await db.query(
      `insert into idempotency_keys (owner_uid, idempotency_key, request_fingerprint, state, created_at, lease_token, lease_expires_at)
       values ($1, $2, $3, 'running', $4, $5, $6) on conflict do nothing returning 1 as inserted`,
      [uid, key, fingerprint, now(), token, leaseEnd()],
    );
    if (inserted.length > 0) return true;
    // A compare-and-set on the expired lease: of several retries, one takes it over.
    const taken = await db.query(
      `update idempotency_keys set lease_token = $4, lease_expires_at = $5
       where owner_uid = $1 and idempotency_key = $2 and request_fingerprint = $3 and state = 'running'
         and (lease_expires_at is null or lease_expires_at <= $6)
       returning 1 as taken`,
      [uid, key, fingerprint, token, leaseEnd(), now()],
    );
    return taken.length > 0;
  }

  return async (c, next) => {
    const key = c.req.header('Idempotency-Key');
    if (key === undefined) return next();
    if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
      return c.json({ message: 'Idempotency-Key must be 1 to 255 visible ASCII characters.' }, 400);
    }
    const uid = c.get('user').uid;
    const body = await c.req.text();
    const fingerprint = createHash('sha256').update(`${c.req.method} ${c.req.path}\n${body}`).digest('hex');
    const token = randomUUID();

    // A key in use is looked at only when the insert meets it: a key past its lifetime is forgotten
    // then (the pruning job may not have reached it yet) and taken as new.
    const forgetExpired = async () => (await db.query(
      `delete from idempotency_keys where owner_uid = $1 and idempotency_key = $2 and created_at < $3
         and (state = 'done' or lease_expires_at is null or lease_expires_at <= $4) returning 1 as forgotten`,
      [uid, key, new Date(now().getTime() - KEY_LIFETIME_MS), now()],
    )).length > 0;
    const holdsAtOnce = (await acquire(uid, key, fingerprint, token)) || ((await forgetExpired()) && (await acquire(uid, key, fingerprint, token)));

    if (!holdsAtOnce) {
      const deadline = Date.now() + WAIT_FOR_FIRST_MS;
      let holds = false;
      while (!holds && Date.now() < deadline) {
        const [row] = await db.query<KeyRow>(
          'select request_fingerprint, state, response_status, response_body, lease_expires_at from idempotency_keys where owner_uid = $1 and idempotency_key = $2',
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
        const expired = row.lease_expires_at === null || new Date(row.lease_expires_at).getTime() <= now().getTime();
        if (expired) holds = await acquire(uid, key, fingerprint, token);
        else await sleep(POLL_MS);
      }
      if (!holds) return c.json({ message: 'A request with this Idempotency-Key is still running.' }, 409);
    }

    // Every statement below is for this holder's lease only: one that lost it (stalled past
    // LEASE_MS and taken over) must not renew, delete or overwrite its successor's row.
    const mine = 'owner_uid = $1 and idempotency_key = $2 and lease_token = $3';
    const release = () => db.query(`delete from idempotency_keys where ${mine} and state = 'running'`, [uid, key, token]);
    const renewal = setInterval(() => {
      db.query(`update idempotency_keys set lease_expires_at = $4 where ${mine} and state = 'running'`, [uid, key, token, leaseEnd()]).catch((error: unknown) => {
        log.error(`[idempotency] lease renewal failed: ${error instanceof Error ? error.message : String(error)}`);
      });
    }, RENEW_EVERY_MS);
    try {
      await next();
    } catch (error: unknown) {
      clearInterval(renewal);
      await release();
      throw error;
    }
    clearInterval(renewal);
    const status = c.res.status;
    if (status >= 500 || status === 409) {
      await release();
      return;
    }
    const responseBody = await c.res.clone().text();
    await db.query(
      `update idempotency_keys set state = 'done', response_status = $4, response_body = $5, lease_token = null, lease_expires_at = null
       where ${mine} and state = 'running'`,
      [uid, key, token, status, responseBody],
    );
  };
}
