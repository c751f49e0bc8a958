/**
 * The attendant's side of "call car" (/tickets/api/attendant, staff key): the queue of cars
 * called for retrieval at a garage, oldest first, and marking one delivered. Protected by the
 * staff key (parking-system/staff-key.ts), not by customer sign-in.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { Deps } from '../deps.ts';
import { HttpError } from '../lib/http-error.ts';
import { validate } from '../lib/validate.ts';
import { staffOrCustomer, type CallerVariables } from '../parking-system/staff-key.ts';
import { recordEvent } from '../parking-system/ticket-store.ts';

const id = (name: string) => v.pipe(v.string(), v.regex(/^\d{1,9}$/, `${name} must be a positive whole number`), v.transform(Number));
const locationParam = v.object({ locationId: id('locationId') });
const callParam = v.object({ locationId: id('locationId'), callId: id('callId') });

type CallRow = { call_id: number; ticket_id: number; ticket_number: string; license_plate: string | null; called_at: Date; user_arrived_at: Date | null };

export function createAttendantApi({ db, now, verifyToken }: Deps, staffKey: string | undefined) {
  const staffOnly = staffOrCustomer(staffKey, verifyToken, { isStaffOnly: true });
  return new Hono<{ Variables: CallerVariables }>()
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
