/** Email the server "sent" in development and tests: its outbox (GET /dev/api/outbox), newest first. */
import { expect, type Page } from '@playwright/test';

export type Mail = { text: string; links: string[] };

/** The newest message of that kind to that address, waiting for it to arrive. */
export async function latestMessage(page: Page, to: string, kind: string): Promise<Mail> {
  let messages: Mail[] = [];
  await expect
    .poll(async () => {
      const response = await page.request.get(`/dev/api/outbox?to=${encodeURIComponent(to)}&kind=${kind}`);
      messages = (await response.json()) as Mail[];
      return messages.length;
    })
    .toBeGreaterThan(0);
  return messages[0] ?? { text: '', links: [] };
}

/** The action link of the newest message of that kind. */
export async function latestMail(page: Page, to: string, kind: string): Promise<string> {
  return (await latestMessage(page, to, kind)).links[0] ?? '';
}
