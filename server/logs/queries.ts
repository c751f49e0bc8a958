/** SQL of the logs service. */
import type * as v from 'valibot';
import type { clientLogRecordSchema } from '../../src/contract/logs.ts';
import type { Db } from '../db/client.ts';

type ClientLog = v.InferOutput<typeof clientLogRecordSchema>;

export async function insertClientLog(db: Db, log: ClientLog, receivedAt: Date): Promise<number> {
  const [row] = await db.query<{ client_log_id: number }>(
    `insert into client_logs (received_at, log_level, log_event, message, client_version, uid, display_name, email, phone,
       user_agent, created_at, expiration_time, last_login, device_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning client_log_id`,
    [
      receivedAt.toISOString(), log.logLevel, log.logEvent, log.message, log.clientVersion ?? null, log.uid ?? null,
      log.displayName ?? null, log.email ?? null, log.phone ?? null, log.userAgent ?? null, log.createdAt ?? null,
      log.expirationTime ?? null, log.lastLogin ?? null, log.deviceId ?? null,
    ],
  );
  if (!row) throw new Error('insert into client_logs returned no row');
  return row.client_log_id;
}
