/**
 * The attendant's side of "call car" (/tickets/api/attendant, staff accounts): the queue of cars
 * called for retrieval at a garage, oldest first, and marking one delivered; and the audit queue:
 * tickets charged the minimum rate because their plate matched no car on the lot (spec 3 §4),
 * waiting for an auditor. People, so they sign in with a staff account (the Firebase custom claim
 * of `npm run staff -- add <email>`, requireStaff): no token 401, a customer's 403. The shared
 * X-Staff-Key stays only for the garage's machines (gates, pay stations) on /parking-system/api.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { Deps } from '../deps.ts';
import { requireStaff, type AuthVariables } from '../lib/auth.ts';
import { HttpError } from '../lib/http-error.ts';
import { validate } from '../lib/validate.ts';
import { recordEvent } from '../parking-system/ticket-store.ts';
import { toDollars } from '../rates/money.ts';

const id = (name: string) => v.pipe(v.string(), v.regex(/^\d{1,9}$/, `${name} must be a positive whole number`), v.transform(Number));
const locationParam = v.object({ locationId: id('locationId') });
const callParam = v.object({ locationId: id('locationId'), callId: id('callId') });

type AuditRow = { ticket_number: string; license_plate: string | null; audit_reported_plate: string | null; audit_flagged_at: Date; entry_time_utc: Date; amount_paid_cents: number; status: string };

type CallRow = { call_id: number; ticket_id: number; ticket_number: string; license_plate: string | null; called_at: Date; user_arrived_at: Date | null };

export function createAttendantApi({ db, now, verifyToken }: Deps) {
  const staffOnly = requireStaff(verifyToken);
  return new Hono<{ Variables: AuthVariables }>()
    .get('/locations/:locationId/call-queue', staffOnly, validate('param', locationParam), async (c) => {
      const rows = await db.query<CallRow>(
        `select c.call_id, c.ticket_id, t.ticket_number, t.license_plate, c.called_at, t.user_arrived_at
         from car_calls c join garage_tickets t on t.ticket_id = c.ticket_id
         where c.location_id = $1 and c.delivered_at is null order by c.called_at, c.call_id`,
        [c.req.valid('param').locationId],
      );
      return c.json({
        results: rows.map((row) => ({
          callId: row.call_id,
          ticketNumber: row.ticket_number,
          licensePlate: row.license_plate,
          calledAt: new Date(row.called_at).toISOString(),
          isUserAtLocation: row.user_arrived_at !== null,
        })),
      });
    })
    .get('/locations/:locationId/audit-reviews', staffOnly, validate('param', locationParam), async (c) => {
      const rows = await db.query<AuditRow>(
        `select ticket_number, license_plate, audit_reported_plate, audit_flagged_at, entry_time_utc, amount_paid_cents, status
         from garage_tickets where location_id = $1 and audit_review_reason is not null order by audit_flagged_at, ticket_id`,
        [c.req.valid('param').locationId],
      );
      return c.json({
        results: rows.map((row) => ({
          ticketNumber: row.ticket_number,
          recordedPlate: row.license_plate,
          enteredPlate: row.audit_reported_plate,
          flaggedAt: new Date(row.audit_flagged_at).toISOString(),
          entryTime: new Date(row.entry_time_utc).toISOString(),
          amountPaid: toDollars(row.amount_paid_cents),
          status: row.status,
        })),
      });
    })
    .post('/locations/:locationId/call-queue/:callId/delivered', staffOnly, validate('param', callParam), async (c) => {
      const { locationId, callId } = c.req.valid('param');
      const at = now();
      const [row] = await db.query<{ ticket_id: number }>(
        'update car_calls set delivered_at = $3 where call_id = $1 and location_id = $2 and delivered_at is null returning ticket_id',
        [callId, locationId, at.toISOString()],
      );
      if (!row) throw new HttpError(404, `Car call ${callId} is not waiting at location ${locationId}.`);
      await recordEvent(db, row.ticket_id, 'call-car', at, { details: { delivered: true } });
      return c.json({ callId, deliveredAt: at.toISOString() });
    });
}
