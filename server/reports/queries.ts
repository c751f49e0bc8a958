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

export async function listReceipts(db: Db, ownerUid: string, offset: number, count: number): Promise<{ rows: ReceiptRow[]; total: number }> {
  const rows = await db.query<ReceiptRow>(`select * from (${ENTRIES}) e order by occurred_at desc, (entry_type = 'refund') desc, entry_id desc offset $2 limit $3`, [ownerUid, offset, count]);
  const [total] = await db.query<{ n: number }>(`select count(*)::int as n from (${ENTRIES}) e`, [ownerUid]);
  return { rows, total: total?.n ?? 0 };
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
