/**
 * SQL of the receipts: succeeded payments and refunds of one owner, merged newest first. Scoped
 * by owner, so another customer's payment is "not found".
 */
import type { Db } from '../db/client.ts';

export type ReceiptRow = {
  entry_type: 'payment' | 'refund';
  entry_id: number;
  payment_id: number;
  system_entity_id: string;
  description: string;
  amount_cents: number;
  card_brand: string | null;
  card_last4: string | null;
  occurred_at: Date;
};

const ENTRIES = `
  select 'payment' as entry_type, p.payment_id as entry_id, p.payment_id, p.system_entity_id, p.description, p.amount_cents,
    p.card_brand, p.card_last4, p.succeeded_at as occurred_at
  from payments p where p.owner_uid = $1 and p.status = 'succeeded'
  union all
  select 'refund', r.refund_id, p.payment_id, p.system_entity_id, 'Refund: ' || p.description, -r.amount_cents,
    p.card_brand, p.card_last4, coalesce(r.succeeded_at, r.created_at)
  from payment_refunds r join payments p on p.payment_id = r.payment_id where r.owner_uid = $1 and r.status <> 'failed'`;

/**
 * One page of receipts, newest first (a refund before the payment of the same instant). Each side
 * is read along its own index (migration 0095: payments_history_by_owner,
 * payment_refunds_history_by_owner), newest first and no further than the page needs, then
 * merged. `after` (the previous page's last receiptId, e.g. "payment-123") starts the page right
 * after that entry: keyset, as cheap late as early; its instant is read as text from its row, so
 * microseconds are kept. Without it, `offset` entries are skipped (the client's numbered pages).
 */
export async function listReceipts(db: Db, ownerUid: string, offset: number, count: number, after?: { entryType: 'payment' | 'refund'; entryId: number }): Promise<{ rows: ReceiptRow[]; total: number }> {
  // The cursor as (instant, bound for payment ids, bound for refund ids) at that instant.
  let cursor: [string, number, number] | undefined;
  if (after) {
    const [at] = after.entryType === 'payment'
      ? await db.query<{ at: string }>(`select succeeded_at::text as at from payments where payment_id = $1 and owner_uid = $2 and status = 'succeeded'`, [after.entryId, ownerUid])
      : await db.query<{ at: string }>(`select coalesce(succeeded_at, created_at)::text as at from payment_refunds where refund_id = $1 and owner_uid = $2 and status <> 'failed'`, [after.entryId, ownerUid]);
    if (!at) return { rows: [], total: await countReceipts(db, ownerUid) };
    // After a refund come every payment of its instant and the older refunds; after a payment, only older payments.
    cursor = after.entryType === 'refund' ? [at.at, 2_147_483_647, after.entryId] : [at.at, after.entryId, 0];
  }
  const reach = cursor ? count : offset + count;
  const paymentsAfter = cursor ? 'and (p.succeeded_at, p.payment_id) < ($3::timestamptz, $4::int)' : '';
  const refundsAfter = cursor ? 'and (coalesce(r.succeeded_at, r.created_at), r.refund_id) < ($3::timestamptz, $5::int)' : '';
  const rows = await db.query<ReceiptRow>(
    `select * from (
       (select 'payment' as entry_type, p.payment_id as entry_id, p.payment_id, p.system_entity_id, p.description, p.amount_cents,
          p.card_brand, p.card_last4, p.succeeded_at as occurred_at
        from payments p where p.owner_uid = $1 and p.status = 'succeeded' ${paymentsAfter}
        order by p.succeeded_at desc, p.payment_id desc limit $2)
       union all
       (select 'refund', r.refund_id, p.payment_id, p.system_entity_id, 'Refund: ' || p.description, -r.amount_cents,
          p.card_brand, p.card_last4, coalesce(r.succeeded_at, r.created_at)
        from payment_refunds r join payments p on p.payment_id = r.payment_id where r.owner_uid = $1 and r.status <> 'failed' ${refundsAfter}
        order by coalesce(r.succeeded_at, r.created_at) desc, r.refund_id desc limit $2)
     ) e order by occurred_at desc, (entry_type = 'refund') desc, entry_id desc offset ${cursor ? 0 : '$3'} limit ${cursor ? '$2' : '$4'}`,
    cursor ? [ownerUid, reach, ...cursor] : [ownerUid, reach, offset, count],
  );
  return { rows, total: await countReceipts(db, ownerUid) };
}

async function countReceipts(db: Db, ownerUid: string): Promise<number> {
  const [total] = await db.query<{ n: number }>(`select count(*)::int as n from (${ENTRIES}) e`, [ownerUid]);
  return total?.n ?? 0;
}

export type RefundRow = { refund_id: number; amount_cents: number; status: 'pending' | 'succeeded' | 'failed'; reason: string; created_at: Date };

export async function listRefunds(db: Db, paymentId: number): Promise<RefundRow[]> {
  return db.query<RefundRow>('select refund_id, amount_cents, status, reason, created_at from payment_refunds where payment_id = $1 order by refund_id', [paymentId]);
}

export async function findTicketFacts(db: Db, ticketNumber: string) {
  const [row] = await db.query<{ ticket_number: string; address1: string; entry_time_utc: Date; exit_time_utc: Date | null; license_plate: string | null }>(
    `select t.ticket_number, l.address1, t.entry_time_utc, t.exit_time_utc, t.license_plate from garage_tickets t join locations l using (location_id) where t.ticket_number = $1`,
    [ticketNumber],
  );
  return row;
}

export async function findReservationFacts(db: Db, reservationId: number, ownerUid: string) {
  const [row] = await db.query<{ confirmation_number: string; address1: string; entry_time_utc: Date; exit_time_utc: Date; status: string }>(
    `select d.confirmation_number, l.address1, ri.entry_time_utc, ri.exit_time_utc, d.status
     from daily_reservations d join rate_instances ri using (rate_instance_id) join locations l on l.location_id = d.location_id
     where d.reservation_id = $1 and d.owner_uid = $2`,
    [reservationId, ownerUid],
  );
  return row;
}
