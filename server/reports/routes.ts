/**
 * /reports/api/reports (spec 2 §7): the receipts list (`payments-history/{offset}/{count}`) and one
 * receipt (`payments-history/{id}`, id = the payment id). Both need the customer's token and see
 * only the customer's payments; a refund appears as its own negative entry and on its payment.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ReceiptDetail, ReceiptEntry } from '../../src/contract/reports.ts';
import type { Deps } from '../deps.ts';
import { requireUser, type AuthVariables } from '../lib/auth.ts';
import { notFound } from '../lib/http-error.ts';
import { idParam, validate } from '../lib/validate.ts';
import { findPayment } from '../payments/payment-store.ts';
import { toDollars } from '../rates/money.ts';
import { formatLocalWindow } from '../reservations/window-text.ts';
import { findReservationFacts, findTicketFacts, listReceipts, listRefunds, type ReceiptRow } from './queries.ts';

const MAX_PAGE = 100;
const pageParams = v.object({
  offset: v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'must be a whole number from 0'), v.transform(Number)),
  count: v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'must be a whole number'), v.transform(Number), v.minValue(1, 'must be at least 1'), v.maxValue(MAX_PAGE, `must be at most ${MAX_PAGE}`)),
});

/** `?after=<receiptId>` (e.g. payment-123): the page starts after that entry (keyset); `offset` then only numbers the page. */
const pageQuery = v.object({
  after: v.optional(v.pipe(
    v.string(),
    v.regex(/^(payment|refund)-[1-9]\d{0,8}$/, 'must be a receiptId such as payment-123'),
    v.transform((text) => ({ entryType: text.startsWith('refund') ? ('refund' as const) : ('payment' as const), entryId: Number(text.split('-')[1]) })),
  )),
});

type Kind = ReceiptEntry['kind'];
function kindOf(systemEntityId: string): Kind {
  const prefix = systemEntityId.split(':')[0] ?? '';
  return prefix === 'ticket' || prefix === 'reservation' ? prefix : prefix.startsWith('monthly') ? 'monthly' : 'other';
}

const iso = (date: Date | string) => new Date(date).toISOString();

function toEntry(row: ReceiptRow): ReceiptEntry {
  return {
    receiptId: `${row.entry_type}-${row.entry_id}`,
    entryType: row.entry_type,
    paymentId: row.payment_id,
    systemEntityId: row.system_entity_id,
    kind: kindOf(row.system_entity_id),
    description: row.description,
    amount: toDollars(row.amount_cents),
    amountCents: row.amount_cents,
    paymentMethodName: row.card_brand,
    paymentMethodLast4: row.card_last4,
    dateUtc: iso(row.occurred_at),
  };
}

export function createReportsApi({ db, verifyToken }: Deps) {
  const auth = requireUser(verifyToken);

  /** What the payment was for, as receipt lines. */
  async function linesFor(systemEntityId: string, ownerUid: string): Promise<ReceiptDetail['lines']> {
    const [kind, id = ''] = systemEntityId.split(':');
    if (kind === 'reservation' && /^\d{1,9}$/.test(id)) {
      const facts = await findReservationFacts(db, Number(id), ownerUid);
      if (!facts) return [];
      return [
        { label: 'Confirmation number', value: facts.confirmation_number },
        { label: 'Location', value: facts.address1 },
        { label: 'Reservation', value: formatLocalWindow(iso(facts.entry_time_utc), iso(facts.exit_time_utc)) },
        ...(facts.status === 'cancelled' ? [{ label: 'Status', value: 'Cancelled' }] : []),
      ];
    }
    if (kind === 'ticket') {
      const facts = await findTicketFacts(db, id.split('.')[0] ?? '');
      if (!facts) return [];
      return [
        { label: 'Ticket number', value: facts.ticket_number },
        { label: 'Location', value: facts.address1 },
        ...(facts.license_plate ? [{ label: 'License plate', value: facts.license_plate }] : []),
        { label: 'Entry', value: formatLocalWindow(iso(facts.entry_time_utc), iso(facts.entry_time_utc)).replace(/ – .*$/, '') },
      ];
    }
    return [];
  }

  return new Hono<{ Variables: AuthVariables }>()
    .get('/reports/payments-history/:offset/:count', auth, validate('param', pageParams), validate('query', pageQuery), async (c) => {
      const { offset, count } = c.req.valid('param');
      const { rows, total } = await listReceipts(db, c.get('user').uid, offset, count, c.req.valid('query').after);
      return c.json({ page: Math.floor(offset / count), pageSize: count, totalElementCount: total, results: rows.map(toEntry) });
    })
    .get('/reports/payments-history/:id', auth, validate('param', idParam), async (c) => {
      const uid = c.get('user').uid;
      const payment = await findPayment(db, uid, c.req.valid('param').id);
      if (!payment || payment.status !== 'succeeded' || !payment.succeeded_at) throw notFound('The receipt');
      const refunds = await listRefunds(db, payment.payment_id);
      const detail: ReceiptDetail = {
        paymentId: payment.payment_id,
        systemEntityId: payment.system_entity_id,
        kind: kindOf(payment.system_entity_id),
        description: payment.description,
        amount: toDollars(payment.amount_cents),
        amountCents: payment.amount_cents,
        currency: payment.currency,
        paymentMethodName: payment.card_brand,
        paymentMethodLast4: payment.card_last4,
        paidUtc: iso(payment.succeeded_at),
        lines: await linesFor(payment.system_entity_id, uid),
        refunds: refunds.map((r) => ({ refundId: r.refund_id, amount: toDollars(r.amount_cents), status: r.status, reason: r.reason, createdUtc: iso(r.created_at) })),
      };
      return c.json(detail);
    });
}
