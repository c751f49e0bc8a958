/**
 * /logs/api: the PWA's client log records (Login, Logout, ForcedLogout, ClientError).
 * The client only writes a failed post to the console, so this stays small and never 500s on input.
 */
import { Hono } from 'hono';
import { clientLogRecordSchema } from '../../src/contract/logs.ts';
import type { Deps } from '../deps.ts';
import { validate } from '../lib/validate.ts';
import { createEventsApi } from './events.ts';
import { insertClientLog } from './queries.ts';

export function createLogsApi(deps: Deps) {
  const { db, now } = deps;
  return new Hono().route('/', createEventsApi(deps)).post('/webclient_log', validate('json', clientLogRecordSchema), async (c) => {
    const clientLogId = await insertClientLog(db, c.req.valid('json'), now());
    return c.json({ clientLogId }, 201);
  });
}
