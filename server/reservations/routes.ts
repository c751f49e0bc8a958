/**
 * /reservations/api/reservations (spec 2 §7, daily reservations): create from a quote, read,
 * cancel (DELETE), the active and completed lists, and the receipt. Every call needs the
 * customer's token and sees only the customer's own reservations (another's id is 404).
 * The monthly calls under /reservations/api belong to another service, so authentication is
 * attached per route.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { createReservationBodySchema } from '../../src/contract/reservations.ts';
import type { Location } from '../../src/contract/locations.ts';
import type { Deps } from '../deps.ts';
import { requireUser, type AuthVariables } from '../lib/auth.ts';
import { notFound } from '../lib/http-error.ts';
import { idParam, validate } from '../lib/validate.ts';
import { linkOriginFor } from '../config.ts';
import { createMailer } from '../mail/mailer.ts';
import { createPaymentProvider } from '../payments/create-provider.ts';
import { idempotencyKeys } from '../payments/idempotency.ts';
import { createPaymentService } from '../payments/payment-service.ts';
import { log } from '../lib/logger.ts';
import { findOpenPayment, findPaymentById, toPayment } from '../payments/payment-store.ts';
import { createPricingSnapshots } from '../rates/pricing-snapshot.ts';
import { createRateInstanceRecorder } from '../rates/rate-instance-id.ts';
import { claimConfirmationMail, reservationConfirmedMessage } from './confirmation-mail.ts';
import { findReservation, findReservationById, listReservations, type ReservationListKind, type ReservationRow } from './queries.ts';
import { registerReservationPayable } from './reservation-payable.ts';
import { createReservationService } from './reservation-service.ts';
import { toReservation } from './reservation-view.ts';

const MAX_PAGE_SIZE = 100;
/** Spec 2 §3: paged lists are 10 by default; `page` is zero-based. */
const listQuery = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'page must be a whole number from 0'), v.transform(Number)), '0'),
  pageSize: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'pageSize must be a whole number'), v.transform(Number), v.minValue(1, 'pageSize must be at least 1'), v.maxValue(MAX_PAGE_SIZE, `pageSize must be at most ${MAX_PAGE_SIZE}`)),
    '10',
  ),
});

export function createReservationsApi(deps: Deps) {
  const { db, now, verifyToken, config } = deps;
  const pricer = { snapshots: createPricingSnapshots(db, now), instances: createRateInstanceRecorder(db) };
  const { provider } = createPaymentProvider(deps);
  const service = createReservationService({ db, now, pricer, provider });
  const payments = provider && createPaymentService({ db, now, provider });
  const mailer = createMailer(deps);
  const auth = requireUser(verifyToken);
  const idempotent = idempotencyKeys(db, now);

  /** The confirmation mail, once, to the customer's email on file (none: nothing to send). */
  async function mailConfirmation(reservationId: number): Promise<void> {
    const mail = await claimConfirmationMail(db, reservationId, now());
    if (!mail) return;
    await mailer.send(reservationConfirmedMessage(mail, `${linkOriginFor(config)}/my-account/reservations/${reservationId}`));
  }
  const mailLater = (reservationId: number) => {
    // The payment hook runs inside the payment's transaction: send after it commits.
    setTimeout(() => void mailConfirmation(reservationId).catch((error: unknown) => log.error({ err: error }, `[reservations] confirmation mail ${reservationId} not sent`)), 0);
  };
  const refundLater = (reservationId: number) => {
    // Also called inside the payment's transaction; refundLatePayment waits for it to commit.
    setTimeout(() => void service.refundLatePayment(reservationId).catch((error: unknown) => log.error({ err: error }, `[reservations] refund of late payment ${reservationId} not sent`)), 0);
  };
  registerReservationPayable({ onConfirmed: mailLater, onPaidAfterCancel: refundLater });

  async function listed(uid: string, kind: ReservationListKind, page: number, pageSize: number) {
    const { rows, total } = await listReservations(db, uid, kind, now(), page * pageSize, pageSize);
    const locations = new Map<number, Location>();
    const results = [];
    for (const row of rows) results.push(await toReservation(db, row, now(), locations));
    return { page, pageSize, totalElementCount: total, results };
  }

  /**
   * A pending reservation whose browser payment the processor took but nobody recorded (the page
   * was reloaded while the card was being confirmed): record it now, which confirms the
   * reservation, so the next attempt finds it paid instead of paying again.
   */
  async function settleOpenPayment(row: ReservationRow): Promise<ReservationRow> {
    if (row.status !== 'pending' || !payments) return row;
    const open = await findOpenPayment(db, `reservation:${row.reservation_id}`);
    if (open?.status !== 'requires_payment_method' || !open.provider_intent_id) return row;
    try {
      await payments.sync(open);
    } catch (error: unknown) {
      log.warn({ err: error }, `[reservations] payment of ${row.reservation_id} not settled yet`);
      return row;
    }
    return (await findReservationById(db, row.reservation_id)) ?? row;
  }

  async function requireOwn(uid: string, reservationId: number) {
    const row = await findReservation(db, uid, reservationId);
    if (!row) throw notFound('The reservation');
    return row;
  }

  return new Hono<{ Variables: AuthVariables }>()
    .post('/reservations', auth, idempotent, validate('json', createReservationBodySchema), async (c) => {
      const { reservationId, isNew } = await service.create(c.get('user').uid, c.req.valid('json'));
      // One this request made has no payment yet; a repeat's may have been paid in the browser since.
      const own = await requireOwn(c.get('user').uid, reservationId);
      const row = isNew ? own : await settleOpenPayment(own);
      if (row.status === 'confirmed') await mailConfirmation(reservationId);
      return c.json({ reservationId, reservation: await toReservation(db, row, now()) }, isNew ? 201 : 200);
    })
    .get('/reservations/active', auth, validate('query', listQuery), async (c) => {
      const { page, pageSize } = c.req.valid('query');
      return c.json(await listed(c.get('user').uid, 'active', page, pageSize));
    })
    .get('/reservations/completed', auth, validate('query', listQuery), async (c) => {
      const { page, pageSize } = c.req.valid('query');
      return c.json(await listed(c.get('user').uid, 'completed', page, pageSize));
    })
    .get('/reservations/receipt/:id', auth, validate('param', idParam), async (c) => {
      const row = await requireOwn(c.get('user').uid, c.req.valid('param').id);
      const payment = row.payment_id ? await findPaymentById(db, row.payment_id) : undefined;
      return c.json({ reservation: await toReservation(db, row, now()), payment: payment ? toPayment(payment) : null });
    })
    .get('/reservations/:id', auth, validate('param', idParam), async (c) => {
      // A refund cut off (crash, processor down) is re-driven on the next read.
      const row = await settleOpenPayment(await service.settleRefund(await requireOwn(c.get('user').uid, c.req.valid('param').id)));
      // A confirmation mail a crash cut off goes out on the next read.
      if (row.status === 'confirmed' && row.confirmation_mailed_at === null) await mailConfirmation(row.reservation_id);
      return c.json(await toReservation(db, row, now()));
    })
    .delete('/reservations/:id', auth, validate('param', idParam), async (c) => {
      const row = await service.cancel(c.get('user').uid, c.req.valid('param').id);
      return c.json(await toReservation(db, row, now()));
    });
}
