/**
 * A payable kind for tests only: "test:<cents>-<anything>" costs <cents>. Registered by API test
 * files (never by the app), so payments can be exercised before the ticket and reservation
 * services register their own kinds.
 */
import { HttpError } from '../lib/http-error.ts';
import { registerPayable } from './payables.ts';

export const paidTestPayables: string[] = [];

export function registerTestPayable(): void {
  registerPayable('test', {
    async resolve(entityId) {
      const match = /^(\d{1,7})-[\w.-]+$/.exec(entityId);
      if (!match) throw new HttpError(404, `Test payable ${entityId} was not found.`);
      return { amountCents: Number(match[1]), description: `Test payable ${entityId}` };
    },
    async onPaid(entityId) {
      paidTestPayables.push(entityId);
    },
  });
}
