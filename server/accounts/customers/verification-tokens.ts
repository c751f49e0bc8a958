/**
 * Email-verification tokens of verify-email-v2 / validate-verification-token: random, single
 * use, valid 24 hours, stored only as a SHA-256 hash. A token proves ownership of the email it
 * was sent to, so it verifies the account only while that is still the account's email.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';

export const VERIFICATION_TOKEN_TTL_MS = 24 * 3600_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createVerificationToken(db: Db, input: { customerId: number; email: string; now: Date }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query('insert into email_verification_tokens (token_hash, customer_id, email, expires_at) values ($1, $2, $3, $4)', [
    hashOf(token),
    input.customerId,
    input.email,
    new Date(input.now.getTime() + VERIFICATION_TOKEN_TTL_MS),
  ]);
  return token;
}

/** Marks the token used and returns whose email it verifies; undefined when unknown, used, expired or outdated. */
export async function consumeVerificationToken(db: Db, token: string, now: Date): Promise<{ customerId: number; uid: string; email: string } | undefined> {
  const [row] = await db.query<{ customer_id: number; uid: string; email: string }>(
    `update email_verification_tokens t set used_at = $2
     from customers c
     where t.token_hash = $1 and t.used_at is null and t.expires_at > $2
       and c.customer_id = t.customer_id and c.email = t.email
     returning t.customer_id, c.uid, t.email`,
    [hashOf(token), now],
  );
  return row ? { customerId: row.customer_id, uid: row.uid, email: row.email } : undefined;
}
