/**
 * GET /dev/api/outbox?to=&kind=: the latest messages of the mail outbox, newest first, for a
 * developer and the end-to-end tests. It exposes password-reset links, so it answers only when
 * all three hold (otherwise 404, as if it were not mounted):
 * - not production;
 * - the dev outbox is the mail transport (no SMTP_URL: mail really goes nowhere else);
 * - the caller is on this machine: a loopback socket with no proxy header (behind a reverse proxy
 *   on the same host every socket is loopback, but the proxy adds X-Forwarded-For / Forwarded).
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { OutboxMessage } from '../../src/contract/accounts.ts';
import type { Deps } from '../deps.ts';
import { validate } from '../lib/validate.ts';

const querySchema = v.object({
  to: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254))),
  kind: v.optional(v.pipe(v.string(), v.maxLength(40))),
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'limit must be 1 to 999'), v.transform(Number)), '20'),
});

type Row = { mail_id: number; to_address: string; subject: string; text_body: string; kind: string; links: unknown; created_at: Date };

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** The socket's peer address under @hono/node-server (c.env.incoming), if there is a socket. */
function socketAddress(c: Context): string | undefined {
  const env: unknown = c.env;
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return undefined;
  const incoming = env.incoming as { socket?: { remoteAddress?: unknown } } | undefined;
  const address = incoming?.socket?.remoteAddress;
  return typeof address === 'string' ? address : undefined;
}

export function isLocalCaller(c: Context): boolean {
  if (c.req.header('X-Forwarded-For') !== undefined || c.req.header('Forwarded') !== undefined) return false;
  return LOOPBACK.test(socketAddress(c) ?? '');
}

export function createDevOutboxApi(deps: Deps) {
  const app = new Hono();
  const isOutboxInUse = !deps.config.isProduction && !deps.config.smtpUrl;
  app.use('*', async (c, next) => {
    if (!isOutboxInUse || !isLocalCaller(c)) return c.json({ message: 'Not found' }, 404);
    return next();
  });
  app.get('/outbox', validate('query', querySchema), async (c) => {
    const { to, kind, limit } = c.req.valid('query');
    const rows = await deps.db.query<Row>(
      `select mail_id, to_address, subject, text_body, kind, links, created_at from mail_outbox
       where ($1::text is null or lower(to_address) = $1) and ($2::text is null or kind = $2)
       order by mail_id desc limit $3`,
      [to ?? null, kind ?? null, limit],
    );
    const messages: OutboxMessage[] = rows.map((row) => ({
      mailId: row.mail_id,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      kind: row.kind,
      links: Array.isArray(row.links) ? row.links.map(String) : [],
      createdAt: new Date(row.created_at).toISOString(),
    }));
    return c.json(messages);
  });
  return app;
}
