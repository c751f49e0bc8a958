/**
 * /tickets/api (spec 3 §7 "Ticket service"): retrieve a car, price it, call it, pay, redeem a
 * coupon or an aggregator reservation, for a ticket named in the path (`{locationOrTicketKey}` is
 * a ticket number, or a location number with the ticket's `ticketId` in the body).
 * Every call answers the retrieve-car session of spec 3 §3, priced now by the garage system.
 * The `/auth` variants need a bearer token; the plain ones work signed out for unclaimed paper
 * tickets and signed in when a token is sent (see parking-system/ticket-access.ts).
 * Also here: the aggregator reservation lookup and the attendant's car-call queue (staff key).
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { couponCodeSchema } from '../../src/contract/promotions.ts';
import {
  aggregatorBodySchema, applyPaymentBodySchema, confirmPlateBodySchema, couponBodySchema, parseAggregator, reservationNumberSchema, ticketCallBodySchema,
} from '../../src/contract/tickets.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../lib/http-error.ts';
import { guessing, guessLimit, type GuessRule } from '../lib/guess-limit.ts';
import { clientKeyOf, rateLimit, requireWithinLimit } from '../lib/rate-limit.ts';
import { describeIssues, validate } from '../lib/validate.ts';
import { callerUid, staffOrCustomer, type Caller, type CallerVariables } from '../parking-system/staff-key.ts';
import type { TicketRow } from '../parking-system/ticket-store.ts';
import { chargeTicket, type PricedTicket } from '../parking-system/ticket-view.ts';
import { requireReservation, toAggregatorReservation } from './aggregator-store.ts';
import { createAttendantApi } from './attendant-routes.ts';
import { checkPlate } from './plate-check.ts';
import { resolveTicket } from './resolve-ticket.ts';
import { toRetrieveCarSession, type SessionExtras } from './session.ts';
import { applyCoupon, applyPayment, callCar, confirmPlate, previewReservation, redeemReservation, removeCoupon, reportArrival } from './ticket-actions.ts';
import { registerTicketPayable } from './ticket-payable.ts';
import { couponForTicket } from '../validations/ticket-coupon.ts';

type Env = { Variables: CallerVariables };
type TicketAction = (row: TicketRow) => Promise<TicketRow>;

const keyParam = v.object({ key: v.pipe(v.string(), v.maxLength(64, 'The ticket key is too long.')) });
const couponParam = v.object({ key: keyParam.entries.key, code: couponCodeSchema });
const lookupParam = v.object({ provider: v.string(), reservationNumber: reservationNumberSchema });
/** Reservation numbers are short: a per-client limit keeps the lookup from being used to enumerate them. */
const LOOKUP_LIMIT = { bucket: 'aggregator-reservation-lookup', limit: 30, windowSeconds: 60, message: 'Too many reservation lookups. Please wait a minute and try again.' };
/**
 * Checking or redeeming a reservation on a ticket prices it with that reservation, so each call is
 * a guess at a number: at most 10 per client in 10 minutes, whatever the answer. A driver types one
 * number, maybe twice.
 */
export const RESERVATION_ON_TICKET_CLIENT_LIMIT = { bucket: 'reservation-on-ticket-client', limit: 10, windowSeconds: 600, message: 'Too many reservation lookups. Please wait a few minutes and try again.' };
/**
 * Wrong reservation numbers (lookup and on a ticket together), per client and overall (decision
 * 0105). Never per ticket or per reservation: a stranger's wrong numbers must not stop the driver
 * who holds the real one from redeeming it.
 */
export const RESERVATION_NUMBER_GUESSES: GuessRule = {
  family: 'reservation-number',
  windowSeconds: 600,
  missesPerClient: 6,
  missesOverall: 100,
  message: 'Too many reservation numbers were not found. Please check the number and try again in a few minutes, or see the attendant.',
};

/** Who redeemed a validation code, for the merchant's log. */
const actorOf = (caller: Caller) => (caller.kind === 'customer' ? `customer:${callerUid(caller) ?? ''}` : caller.kind);

export function createTicketsApi(deps: Deps) {
  const { db, now, verifyToken, config } = deps;
  registerTicketPayable();
  const signedIn = staffOrCustomer(null, verifyToken);
  const maybeSignedIn = staffOrCustomer(null, verifyToken, { isOptional: true });
  const api = new Hono<Env>();

  /** Answers a priced ticket as the session, with the plate check for this caller (and the plate they typed, if any). */
  const respond = async (c: Context<Env>, priced: PricedTicket, extras: SessionExtras = {}, typedPlate?: string | null) =>
    c.json(toRetrieveCarSession(priced, { ...extras, isPlateMismatch: await checkPlate(db, priced.row, c.get('caller'), typedPlate) }));
  const session = async (c: Context<Env>, row: TicketRow, typedPlate?: string | null) => respond(c, await chargeTicket(db, row, now()), {}, typedPlate);
  /** A promotion, or a merchant validation code (spent when applied: server/validations/ticket-coupon.ts). */
  const usable = (row: TicketRow, code: string, c: Context<Env>) => couponForTicket(db, row, code, now(), actorOf(c.get('caller')));
  const clientOf = (c: Context) => clientKeyOf(c, config.trustProxyHops);
  const ticketFor = (c: Context<Env>, ticketId: number | null | undefined) =>
    resolveTicket(deps, clientOf(c), (c.req.param() as { key: string }).key, ticketId ?? undefined, c.get('caller'));

  /** Registers `path` and `path/auth` with the same body schema and action. */
  function post<Schema extends v.GenericSchema<unknown, { ticketId?: number | null | undefined }>>(path: string, schema: Schema, action: (row: TicketRow, body: v.InferOutput<Schema>, c: Context<Env>) => Promise<Response>) {
    for (const [suffix, auth] of [['', maybeSignedIn], ['/auth', signedIn]] as const) {
      api.post(`/tickets/:key${path}${suffix}`, auth, validate('param', keyParam), validate('json', schema), async (c) => {
        const body = c.req.valid('json') as v.InferOutput<Schema>;
        return action(await ticketFor(c, body.ticketId), body, c);
      });
    }
  }

  /** The four calls of the call body; `licensePlate`, when sent, is checked against the ticket's car. */
  const callAction = (run: TicketAction) => (row: TicketRow, body: { licensePlate?: string | null | undefined }, c: Context<Env>) =>
    run(row).then((after) => session(c, after, body.licensePlate));
  post('/calculate-rate', ticketCallBodySchema, callAction(async (row) => row));
  post('/call-car', ticketCallBodySchema, callAction((row) => callCar(db, row, now())));
  post('/call-car-and-get-rate', ticketCallBodySchema, callAction((row) => callCar(db, row, now())));
  post('/report-arrival', ticketCallBodySchema, callAction((row) => reportArrival(db, row, now())));
  post('/confirm-plate', confirmPlateBodySchema, async (row, body, c) => session(c, await confirmPlate(db, row, body.licensePlate, now()), body.licensePlate));
  /** The reservation a caller names on a ticket: a guess, counted against the caller (never the ticket) first. */
  const guessedReservation = async (c: Context<Env>, reservationNumber: string) => {
    await requireWithinLimit(deps, RESERVATION_ON_TICKET_CLIENT_LIMIT, clientOf(c));
    return guessing(deps, RESERVATION_NUMBER_GUESSES, clientOf(c), () => requireReservation(db, reservationNumber));
  };
  post('/calculate-aggregator-payment', aggregatorBodySchema, async (row, body, c) => {
    const reservation = await guessedReservation(c, body.reservationNumber);
    const priced = await previewReservation(db, row, reservation, now());
    return respond(c, priced, { reservationNumber: reservation.reservation_number, reservation: toAggregatorReservation(reservation) });
  });
  post('/apply-aggregator-payment', aggregatorBodySchema, async (row, body, c) => {
    const reservation = await guessedReservation(c, body.reservationNumber);
    return session(c, await redeemReservation(db, row, reservation, now()));
  });
  post('/apply-payment', applyPaymentBodySchema, async (row, body, c) => {
    let current = row;
    if (body.code) {
      const parsed = v.safeParse(couponCodeSchema, body.code);
      if (!parsed.success) throw new HttpError(400, `Invalid request body: code: ${describeIssues(parsed.issues)}`);
      const code = parsed.output;
      const { claim } = await usable(row, code, c);
      current = await applyCoupon(db, row, code, now(), { isRedeem: false, claim });
    }
    return session(c, await applyPayment(db, current, now()));
  });

  /** Coupon calls: `{id}/coupons/{code}[/calculate-rate|/redeem][/auth]`. */
  function coupon(method: 'post' | 'delete', path: string, action: (row: TicketRow, code: string, c: Context<Env>) => Promise<Response>) {
    for (const [suffix, auth] of [['', maybeSignedIn], ['/auth', signedIn]] as const) {
      api[method](`/tickets/:key/coupons/:code${path}${suffix}`, auth, validate('param', couponParam), async (c) => {
        // DELETE has no body: a location key takes the ticketId from the query string instead.
        const raw = method === 'post' ? await c.req.json().catch(() => ({})) : { ticketId: c.req.query('ticketId') };
        const body = v.safeParse(couponBodySchema, raw ?? {});
        if (!body.success) throw new HttpError(400, `Invalid request body: ${body.issues.map((issue) => issue.message).join('; ')}`);
        const row = await ticketFor(c, body.output.ticketId);
        return action(row, c.req.valid('param').code, c);
      });
    }
  }
  coupon('post', '/calculate-rate', async (row, code, c) => {
    const { terms } = await usable(row, code, c);
    return respond(c, await chargeTicket(db, row, now(), { coupon: { code, terms } }), { promotionCode: code });
  });
  coupon('post', '/redeem', async (row, code, c) => {
    const { claim } = await usable(row, code, c);
    return session(c, await applyCoupon(db, row, code, now(), { isRedeem: true, claim }));
  });
  coupon('post', '', async (row, code, c) => {
    const { claim } = await usable(row, code, c);
    return session(c, await applyCoupon(db, row, code, now(), { isRedeem: false, claim }));
  });
  coupon('delete', '', async (row, code, c) => session(c, await removeCoupon(db, row, code, now())));

  api.get('/aggregator-reservations/:provider/:reservationNumber', guessLimit(deps, RESERVATION_NUMBER_GUESSES, clientOf), rateLimit(deps, LOOKUP_LIMIT), validate('param', lookupParam), async (c) => {
    const { provider: given, reservationNumber } = c.req.valid('param');
    const provider = parseAggregator(given);
    if (!provider) throw new HttpError(400, 'The service must be ParkFair, SpotHero or ParkWhiz.');
    return c.json(toAggregatorReservation(await requireReservation(db, reservationNumber, provider)));
  });

  api.route('/attendant', createAttendantApi(deps));
  return api;
}
