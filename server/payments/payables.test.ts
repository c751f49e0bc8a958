import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import { parseSystemEntityId, registerPayable, resolvePayable } from './payables.ts';

const context = { db: {} as Db, now: () => new Date('2026-11-23T19:00:00Z') };

describe('payables registry', () => {
  registerPayable('parking-fee', {
    async resolve(entityId, uid) {
      if (uid !== 'owner') throw new HttpError(404, 'The ticket was not found.');
      return { amountCents: entityId === 'free' ? 0 : 1234, description: `Ticket ${entityId}` };
    },
  });

  it('parses <kind>:<id> and refuses unknown kinds with a 400', () => {
    expect(parseSystemEntityId('parking-fee:ABC123')).toMatchObject({ kind: 'parking-fee', entityId: 'ABC123' });
    expect(() => parseSystemEntityId('spaceship:1')).toThrow(/does not name anything that can be paid/);
    expect(() => parseSystemEntityId('parking-fee')).toThrow(HttpError);
  });

  it('resolves the amount on the server, refusing nothing-to-pay and other owners', async () => {
    expect(await resolvePayable('parking-fee:ABC123', 'owner', context)).toEqual({ amountCents: 1234, description: 'Ticket ABC123' });
    await expect(resolvePayable('parking-fee:free', 'owner', context)).rejects.toMatchObject({ status: 409 });
    await expect(resolvePayable('parking-fee:ABC123', 'someone-else', context)).rejects.toMatchObject({ status: 404 });
  });

  it('refuses badly named kinds at registration', () => {
    expect(() => registerPayable('Bad Kind', { resolve: async () => ({ amountCents: 1, description: '' }) })).toThrow();
  });
});
