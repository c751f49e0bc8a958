/**
 * /parking-system/api: the garage revenue-control system (spec 3 §7 "Parking-system API"), the
 * default implementation on our own database. Gate events come from garage staff (staff key) or,
 * for park-and-pay activation, from the signed-in customer; reads show a customer only their own
 * tickets and passes. The spec's customer-id header on provisional passes is replaced by the
 * verified bearer token: a header anyone can set must not choose whose passes are listed.
 * A customer's activation is theirs alone (decision 0105): it opens a ticket of that account, which
 * neither blocks nor reveals another account's activation or the gate's ticket for the same plate.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  convertPassBodySchema, entryEventBodySchema, exitEventBodySchema, licensePlateSchema, PARKING_SYSTEM_MESSAGES,
} from '../../src/contract/parking-system.ts';
import { ticketNumberSchema } from '../../src/contract/tickets.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../lib/http-error.ts';
import { clientKeyOf } from '../lib/rate-limit.ts';
import { idParam, validate } from '../lib/validate.ts';
import { findCustomerPass, findCustomerVehiclePlate, insertPassWithFreshNumber, listOpenPasses, toProvisionalPass } from './pass-store.ts';
import { staffKeyFrom, staffOrCustomer, type CallerVariables } from './staff-key.ts';
import { requireTicketByNumber, requireVisibleTicket, ticketNotFound } from './ticket-access.ts';
import { exitTicket, openTicket, payAtStation } from './ticket-lifecycle.ts';
import { isCustomerVehiclePlate, listCustomerTickets, listOpenTicketsForPlate, type TicketRow } from './ticket-store.ts';
import { chargeTicket, toGarageTicket, toTicketRate } from './ticket-view.ts';

const MINUTE_MS = 60_000;
/** Spec 3 §9: park-and-pay activation within 15 minutes of arrival. */
export const ACTIVATION_WINDOW_MINUTES = 15;
/** Gate clocks drift; an event a little ahead of the server's clock is still accepted. */
const CLOCK_SKEW_MINUTES = 2;
const STAFF_BACKDATE_DAYS = 30;

const plateParam = v.object({ plate: licensePlateSchema });
const ticketParam = v.object({ ticketNumber: ticketNumberSchema });
const stationPaymentBodySchema = v.object({
  ticketNumber: ticketNumberSchema,
  amountCents: v.pipe(v.number('amountCents must be a number'), v.integer('amountCents must be whole cents'), v.minValue(1, 'amountCents must be positive')),
});
const issuePassBodySchema = v.object({
  customerUid: v.pipe(v.string('customerUid is required'), v.regex(/^[\w-]{1,128}$/, 'customerUid is not a valid uid')),
  locationId: entryEventBodySchema.entries.locationId,
  entryTimeUtc: entryEventBodySchema.entries.entryTimeUtc,
});

async function findLocation(deps: Deps, locationId: number): Promise<{ location_number: string }> {
  const [row] = await deps.db.query<{ location_number: string }>('select location_number from locations where location_id = $1', [locationId]);
  if (!row) throw new HttpError(404, `Location ${locationId} was not found.`);
  return row;
}

export function createParkingSystemApi(deps: Deps) {
  const { db, now, verifyToken, config } = deps;
  const staffKey = staffKeyFrom(config);
  const anyCaller = staffOrCustomer(staffKey, verifyToken);
  const customerOnly = staffOrCustomer(null, verifyToken);
  const staffOnly = staffOrCustomer(staffKey, verifyToken, { isStaffOnly: true });
  const optionalCaller = staffOrCustomer(staffKey, verifyToken, { isOptional: true });
  const priced = async (rows: TicketRow[]) => Promise.all(rows.map(async (row) => toGarageTicket(await chargeTicket(db, row, now()))));

  function requireCustomer(caller: CallerVariables['caller']) {
    if (caller.kind !== 'customer') throw new HttpError(401, 'Sign in to continue: this call needs a bearer token.');
    return caller.user;
  }

  return new Hono<{ Variables: CallerVariables }>()
    .post('/ticket-events/entry', anyCaller, validate('json', entryEventBodySchema), async (c) => {
      const body = c.req.valid('json');
      const caller = c.get('caller');
      const at = now();
      const entry = new Date(body.entryTimeUtc);
      if (entry.getTime() > at.getTime() + CLOCK_SKEW_MINUTES * MINUTE_MS) throw new HttpError(400, 'entryTimeUtc must not be in the future.');
      const oldest = caller.kind === 'customer' ? ACTIVATION_WINDOW_MINUTES * MINUTE_MS : STAFF_BACKDATE_DAYS * 1440 * MINUTE_MS;
      if (entry.getTime() < at.getTime() - oldest) {
        throw new HttpError(400, caller.kind === 'customer' ? PARKING_SYSTEM_MESSAGES.activationWindow : `entryTimeUtc must be within the last ${STAFF_BACKDATE_DAYS} days.`);
      }
      // Park-and-pay activates only plates the caller added as vehicles. That proves nothing about
      // the car (anyone can add any plate), so the ticket is the caller's own (openedByUid): it does
      // not hold the car's place against the gate or another account (ticket-lifecycle.ts).
      if (caller.kind === 'customer' && !(await isCustomerVehiclePlate(db, caller.user.uid, body.licensePlate))) {
        throw new HttpError(400, PARKING_SYSTEM_MESSAGES.notYourVehicle(body.licensePlate));
      }
      const location = await findLocation(deps, body.locationId);
      const row = await openTicket(db, {
        ticketNumber: null,
        locationNumber: location.location_number,
        locationId: body.locationId,
        licensePlate: body.licensePlate,
        entry,
        customerUid: caller.kind === 'customer' ? caller.user.uid : null,
        openedByUid: caller.kind === 'customer' ? caller.user.uid : null,
        now: at,
        source: caller.kind === 'customer' ? 'park-and-pay' : 'gate',
        // Spec 3 §4: a customer registering an entry for a plate the lot did not see (the License
        // Plate Warning's Continue) is charged from now, the minimum, and flagged for audit review.
        isAuditReview: caller.kind === 'customer',
      });
      return c.json(toGarageTicket(await chargeTicket(db, row, at)), 201);
    })
    .post('/ticket-events/exit', anyCaller, validate('json', exitEventBodySchema), async (c) => {
      const body = c.req.valid('json');
      const caller = c.get('caller');
      const exitTime = new Date(body.exitTime);
      if (exitTime.getTime() > now().getTime() + CLOCK_SKEW_MINUTES * MINUTE_MS) throw new HttpError(400, 'exitTime must not be in the future.');
      const row = await requireVisibleTicket(db, body.ticketNumber, caller);
      // A customer may close only a ticket they claimed: a plate they added as a vehicle is no
      // evidence that a paper ticket for it is theirs.
      if (caller.kind === 'customer' && row.customer_uid !== caller.user.uid) throw ticketNotFound(body.ticketNumber);
      return c.json(toGarageTicket(await exitTicket(db, row, exitTime)));
    })
    .post('/ticket-events/payment', staffOnly, validate('json', stationPaymentBodySchema), async (c) => {
      const body = c.req.valid('json');
      const row = await requireVisibleTicket(db, body.ticketNumber, c.get('caller'));
      return c.json(toGarageTicket(await payAtStation(db, row, body.amountCents, now())));
    })
    .get('/management/tickets/mine', customerOnly, async (c) => {
      return c.json({ results: await priced(await listCustomerTickets(db, requireCustomer(c.get('caller')).uid)) });
    })
    .get('/management/tickets/license-plates/:plate', anyCaller, validate('param', plateParam), async (c) => {
      const { plate } = c.req.valid('param');
      const caller = c.get('caller');
      // Customers see only tickets they claimed: an unknown plate, someone else's plate and an
      // unclaimed paper ticket for their own vehicle's plate all answer an empty list.
      const rows = caller.kind === 'customer' ? await listCustomerTickets(db, caller.user.uid, plate) : await listOpenTicketsForPlate(db, plate);
      return c.json({ results: await priced(rows) });
    })
    .get('/management/tickets/:ticketNumber/rate', optionalCaller, validate('param', ticketParam), async (c) => {
      const row = await requireTicketByNumber(deps, clientKeyOf(c, config.trustProxyHops), c.req.valid('param').ticketNumber, c.get('caller'));
      return c.json(toTicketRate(await chargeTicket(db, row, now())));
    })
    .get('/provisional-passes', customerOnly, async (c) => {
      const passes = await listOpenPasses(db, requireCustomer(c.get('caller')).uid);
      return c.json({ results: passes.map(toProvisionalPass) });
    })
    .post('/provisional-passes', staffOnly, validate('json', issuePassBodySchema), async (c) => {
      const body = c.req.valid('json');
      await findLocation(deps, body.locationId);
      const passId = await insertPassWithFreshNumber(db, { uid: body.customerUid, locationId: body.locationId, entry: new Date(body.entryTimeUtc) });
      const pass = await findCustomerPass(db, body.customerUid, passId);
      return c.json(pass && toProvisionalPass(pass), 201);
    })
    .post('/provisional-passes/:id/convert', customerOnly, validate('param', idParam), validate('json', convertPassBodySchema), async (c) => {
      const user = requireCustomer(c.get('caller'));
      const passId = c.req.valid('param').id;
      const pass = await findCustomerPass(db, user.uid, passId);
      if (!pass) throw new HttpError(404, `Provisional pass ${passId} was not found.`);
      if (pass.converted_ticket_id !== null) throw new HttpError(409, PARKING_SYSTEM_MESSAGES.passConverted);
      const { vehicleId } = c.req.valid('json');
      const plate = await findCustomerVehiclePlate(db, user.uid, vehicleId);
      if (!plate) throw new HttpError(404, `Vehicle ${vehicleId} was not found.`);
      const at = now();
      const row = await openTicket(db, {
        ticketNumber: pass.pass_number,
        locationNumber: pass.location_number,
        locationId: pass.location_id,
        licensePlate: plate,
        entry: new Date(pass.entry_time_utc),
        customerUid: user.uid,
        openedByUid: user.uid,
        now: at,
        source: 'provisional-pass',
        passId,
      });
      return c.json(toGarageTicket(await chargeTicket(db, row, at)), 201);
    });
}
