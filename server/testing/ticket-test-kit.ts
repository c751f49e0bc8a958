/**
 * What the ticket and garage-system API suites share: the staff header, the standard call body,
 * posting to /tickets/api, reading a session or a message, times relative to the test clock, and
 * a fresh gate ticket. Takes the app lazily because suites create it in beforeAll.
 */
import * as v from 'valibot';
import { expect } from 'vitest';
import { garageTicketSchema } from '../../src/contract/parking-system.ts';
import { retrieveCarSessionSchema, type RetrieveCarSession } from '../../src/contract/tickets.ts';
import { DEV_STAFF_API_KEY, STAFF_KEY_HEADER } from '../parking-system/staff-key.ts';
import type { TestApp } from './test-app.ts';

export const TICKETS_BASE = '/tickets/api';
export const STAFF_HEADERS = { [STAFF_KEY_HEADER]: DEV_STAFF_API_KEY };
/** The body the ticket calls take (spec 3 §7). */
export const CALL_BODY = { minutes: 0, gatewayClientVersion: '3.1.340', parkingAggregatorType: 500 };

export function ticketTestKit(app: () => TestApp) {
  const minutesAgo = (minutes: number) => new Date(app().clock.now.getTime() - minutes * 60_000).toISOString();
  return {
    messageOf: async (response: Response) => ((await response.json()) as { message: string }).message,
    post: (path: string, json: unknown = CALL_BODY, token?: string) => app().request(`${TICKETS_BASE}${path}`, { method: 'POST', json, ...(token ? { token } : {}) }),
    async sessionOf(response: Response): Promise<RetrieveCarSession> {
      expect(response.status).toBe(200);
      return v.parse(retrieveCarSessionSchema, await response.json());
    },
    minutesAgo,
    /** A fresh gate ticket at a location, entered `minutes` ago. */
    async gateTicket(locationId: number, plate: string, minutes: number): Promise<string> {
      const response = await app().request('/parking-system/api/ticket-events/entry', { method: 'POST', headers: STAFF_HEADERS, json: { locationId, licensePlate: plate, entryTimeUtc: minutesAgo(minutes) } });
      expect(response.status).toBe(201);
      return v.parse(garageTicketSchema, await response.json()).ticketNumber;
    },
  };
}
