/** Email the server "sent" in development and tests: its outbox (GET /dev/api/outbox), newest first. */
import { expect } from '@playwright/test';
import { E2E_BASE_URL } from './e2e-env.ts';

export type Mail = { text: string; links: string[] };

/**
 * The newest message of that kind to that address, waiting for it to arrive. Read by the test
 * machine itself, not through a driver's browser: the outbox answers only a loopback caller with
 * no proxy header (server/mail/outbox-routes.ts), and a driver's context carries its own client
 * address (tests/support/phone-sign-up.ts).
 */
export async function latestMessage(to: string, kind: string): Promise<Mail> {
  let messages: Mail[] = [];
  await expect
    .poll(async () => {
      const response = await fetch(`${E2E_BASE_URL}/dev/api/outbox?to=${encodeURIComponent(to)}&kind=${kind}`);
      expect(response.status).toBe(200);
      messages = (await response.json()) as Mail[];
      return messages.length;
    })
    .toBeGreaterThan(0);
  return messages[0] ?? { text: '', links: [] };
}

/** The action link of the newest message of that kind. */
export async function latestMail(to: string, kind: string): Promise<string> {
  return (await latestMessage(to, kind)).links[0] ?? '';
}
