/**
 * The default mail transport: each message becomes one JSON file in DATA_DIR/outbox/, named so
 * they sort by time, for a developer to open (the dev endpoint lists them from the database).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailTransport } from './mailer.ts';

export function createOutboxTransport(directory: string): MailTransport {
  let isReady: Promise<unknown> | undefined;
  return {
    name: 'outbox',
    async deliver(message) {
      isReady ??= mkdir(directory, { recursive: true });
      await isReady;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(directory, `${stamp}-${message.mailId}-${message.kind}.json`);
      await writeFile(file, `${JSON.stringify(message, null, 2)}\n`);
    },
  };
}
