/**
 * Monthly sign-up and its access card (spec 2 §7), three small sub-apps on the spec's prefixes:
 * - /reservations/api: monthly-reservations (create, read, list, registration form) and
 *   monthly-applications (locations without ticket-system access);
 * - /tickets/api: monthly-tickets (list) and the monthly barcode of a reservation;
 * - /accounts/api/customers: create-badge-session (the access pass).
 * Every call verifies the ID token and reaches only the caller's own records (404 otherwise); bad
 * input is a 400 with a message.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  badgeSessionBodySchema, createMonthlyReservationBodySchema, monthlyFormBodySchema, updateMonthlyApplicationBodySchema,
} from '../../src/contract/monthly-reservations.ts';
import type { Deps } from '../deps.ts';
import { type AuthVariables, requireUser } from '../lib/auth.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { idParam, validate } from '../lib/validate.ts';
import { idempotencyKeys } from '../payments/idempotency.ts';
import { ensureMonthlyTicket, findTicketOfUidByPlate, insertBadgeSession, listTicketsOfUid } from './monthly-tickets.ts';
import { customerOfUid, findReservationOfUid, listReservationsOfUid } from './queries.ts';
import { createMonthlyReservation, saveRegistrationForm } from './sign-up.ts';
import { type ApplicationRow, toMonthlyApplication, toMonthlyReservation, toMonthlyTicket } from './views.ts';

const whole = (name: string, max: number, min = 0) =>
  v.pipe(v.string(), v.regex(/^\d{1,6}$/, `${name} must be a whole number`), v.transform(Number), v.minValue(min, `${name} must be at least ${min}`), v.maxValue(max, `${name} must be at most ${max}`));
const pageParams = (maxCount: number) => v.object({ start: whole('start', 999_999), count: whole('count', maxCount, 1) });

const NOT_READY = 'The monthly barcode is not ready yet: it is issued once the first month is paid.';

const APPLICATION_SELECT = `select a.monthly_application_id, a.monthly_reservation_id, r.location_id, r.full_name, r.email, r.phone_number,
    to_char(a.check_in_date, 'YYYY-MM-DD') as check_in_date, a.status, a.notes, a.created_at
  from monthly_applications a join monthly_reservations r on r.monthly_reservation_id = a.monthly_reservation_id
  join customers c on c.customer_id = r.customer_id`;

export function createMonthlyReservationsApi({ db, verifyToken, now }: Deps) {
  const auth = requireUser(verifyToken);
  const idempotent = idempotencyKeys(db, now);

  async function ownReservation(uid: string, id: number) {
    const row = await findReservationOfUid(db, uid, id);
    if (!row) throw notFound('The monthly reservation');
    return row;
  }
  async function ownApplication(uid: string, id: number) {
    const [row] = await db.query<ApplicationRow>(`${APPLICATION_SELECT} where c.uid = $1 and a.monthly_application_id = $2`, [uid, id]);
    if (!row) throw notFound('The monthly application');
    return row;
  }

  return new Hono<{ Variables: AuthVariables }>()
    .post('/monthly-reservations', auth, idempotent, validate('json', createMonthlyReservationBodySchema), async (c) => {
      const user = c.get('user');
      const id = await createMonthlyReservation(db, now(), user, c.req.valid('json'));
      return c.json(toMonthlyReservation(await ownReservation(user.uid, id)));
    })
    .get('/monthly-reservations/:start/:count', auth, validate('param', pageParams(100)), async (c) => {
      const { start, count } = c.req.valid('param');
      const { rows, total } = await listReservationsOfUid(db, c.get('user').uid, start, count, now());
      return c.json({ page: Math.floor(start / count), pageSize: count, totalElementCount: total, results: rows.map(toMonthlyReservation) });
    })
    .get('/monthly-reservations/:id', auth, validate('param', idParam), async (c) => {
      return c.json(toMonthlyReservation(await ownReservation(c.get('user').uid, c.req.valid('param').id)));
    })
    .put('/monthly-reservations/:id/form', auth, validate('param', idParam), validate('json', monthlyFormBodySchema), async (c) => {
      const uid = c.get('user').uid;
      const row = await ownReservation(uid, c.req.valid('param').id);
      if (row.monthly_contract_id === null) throw new HttpError(409, 'This monthly reservation has no registration form: the office handles it.');
      await saveRegistrationForm(db, row.monthly_reservation_id, c.req.valid('json'));
      return c.json(toMonthlyReservation(await ownReservation(uid, row.monthly_reservation_id)));
    })
    .get('/monthly-applications/:id', auth, validate('param', idParam), async (c) => {
      return c.json(toMonthlyApplication(await ownApplication(c.get('user').uid, c.req.valid('param').id)));
    })
    .put('/monthly-applications/:id', auth, validate('param', idParam), validate('json', updateMonthlyApplicationBodySchema), async (c) => {
      const uid = c.get('user').uid;
      const row = await ownApplication(uid, c.req.valid('param').id);
      const body = c.req.valid('json');
      await db.transaction(async (tx) => {
        await tx.query('update monthly_reservations set full_name = $2, email = $3, phone_number = $4 where monthly_reservation_id = $1', [row.monthly_reservation_id, body.fullName, body.email, body.phoneNumber]);
        await tx.query('update monthly_applications set notes = $2, updated_at = $3 where monthly_application_id = $1', [row.monthly_application_id, body.notes, now()]);
      });
      return c.json(toMonthlyApplication(await ownApplication(uid, row.monthly_application_id)));
    });
}

export function createMonthlyTicketsApi({ db, verifyToken, now }: Deps) {
  const auth = requireUser(verifyToken);
  return new Hono<{ Variables: AuthVariables }>()
    .get('/monthly-tickets/monthly-reservations/:id', auth, validate('param', idParam), async (c) => {
      const uid = c.get('user').uid;
      const reservation = await findReservationOfUid(db, uid, c.req.valid('param').id);
      if (!reservation) throw notFound('The monthly reservation');
      const ticket = await ensureMonthlyTicket(db, reservation, uid, now());
      // 404 while the first month is unpaid: the client's HEAD polling waits for a 200.
      if (!ticket) return c.json({ message: NOT_READY }, 404);
      return c.json(toMonthlyTicket(ticket));
    })
    .get('/monthly-tickets/:start/:count', auth, validate('param', pageParams(9999)), async (c) => {
      const uid = c.get('user').uid;
      const { start, count } = c.req.valid('param');
      // Tickets of reservations paid since the last read are issued first.
      const { rows: reservations } = await listReservationsOfUid(db, uid, 0, 100, now());
      for (const reservation of reservations) await ensureMonthlyTicket(db, reservation, uid, now());
      const { rows, total } = await listTicketsOfUid(db, uid, start, count);
      return c.json({ page: Math.floor(start / count), pageSize: count, totalElementCount: total, results: rows.map(toMonthlyTicket) });
    });
}

export function createBadgeSessionApi({ db, verifyToken, now }: Deps) {
  const auth = requireUser(verifyToken);
  return new Hono<{ Variables: AuthVariables }>()
    .post('/create-badge-session', auth, validate('json', badgeSessionBodySchema), async (c) => {
      const user = c.get('user');
      const body = c.req.valid('json');
      const customer = await customerOfUid(db, user.uid, user.email);
      // The body names a customer: only the caller's own (the same 404 as an unknown one).
      if (customer.customer_id !== body.customerId) throw notFound('The customer');
      const ticket = await findTicketOfUidByPlate(db, user.uid, body.licensePlate);
      if (!ticket) throw new HttpError(404, 'No monthly access card was found for this license plate.');
      const session = await insertBadgeSession(db, { customerId: customer.customer_id, ticketId: ticket.monthly_ticket_id, plate: body.licensePlate.toUpperCase(), state: body.state, now: now() });
      return c.json({
        badgeSessionId: session.id,
        monthlyReservationId: ticket.monthly_reservation_id,
        monthlyBarcode: ticket.monthly_barcode,
        locationId: ticket.location_id,
        licensePlate: body.licensePlate.toUpperCase(),
        isActive: !ticket.is_blocked,
        expiresUtc: session.expiresAt.toISOString(),
      });
    });
}
