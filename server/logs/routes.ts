/**
 * /logs/api: the PWA's client log records (Login, Logout, ForcedLogout, ClientError).
 * The client only writes a failed post to the console, so this stays small and never 500s on input.
 */
import { Hono } from 'hono';
import { clientLogRecordSchema } from '../../src/contract/logs.ts';
import type { Deps } from '../deps.ts';
import { validate } from '../lib/validate.ts';
import { insertClientLog } from './queries.ts';

export function createLogsApi({ db, now }: Deps) {
  return new Hono().post('/webclient_log', validate('json', clientLogRecordSchema), async (c) => {
    const clientLogId = await insertClientLog(db, c.req.valid('json'), now());
    return c.json({ clientLogId }, 201);
  });
}
