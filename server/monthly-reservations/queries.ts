/** SQL of monthly sign-ups (tables in migrations 0032, 0070, 0071). Reads go through the caller's uid. */
import type { Db } from '../db/client.ts';

export type ReservationRow = {
  monthly_reservation_id: number;
  customer_id: number;
  location_id: number;
  monthly_rate_instance_id: string | null;
  full_name: string;
  email: string | null;
  phone_number: string | null;
  form: unknown;
  created_at: Date;
  monthly_contract_id: number | null;
  first_paid: boolean;
  is_blocked: boolean;
};

/**
 * first_paid: the sign-up's first month is settled: its prorated period is paid or costs nothing,
 * and a contract without one (a transition, the seed) was paid in the old system — the rule of
 * isFirstMonthSettled (server/monthly-contracts/contract-view.ts), so every page agrees; no
 * contract (an office application): false. is_blocked: its contract's card is off
 * (monthly_contract_blocked, migration 0070).
 */
const SELECT = `select r.monthly_reservation_id, r.customer_id, r.location_id, r.monthly_rate_instance_id::text as monthly_rate_instance_id,
    r.full_name, r.email, r.phone_number, r.form, r.created_at, mc.monthly_contract_id,
    (mc.monthly_contract_id is not null and not exists (select 1 from monthly_contract_periods p
      where p.monthly_contract_id = mc.monthly_contract_id and p.kind = 'prorated' and p.paid_at is null and p.amount_cents > 0)) as first_paid,
    coalesce(monthly_contract_blocked(mc.monthly_contract_id, now()), false) as is_blocked
  from monthly_reservations r
  join customers c on c.customer_id = r.customer_id
  left join monthly_contracts mc on mc.monthly_reservation_id = r.monthly_reservation_id`;

export async function findReservationOfUid(db: Db, uid: string, reservationId: number): Promise<ReservationRow | undefined> {
  const [row] = await db.query<ReservationRow>(`${SELECT} where c.uid = $1 and r.monthly_reservation_id = $2`, [uid, reservationId]);
  return row;
}

export async function findReservationByInstance(db: Db, instanceId: string): Promise<(ReservationRow & { uid: string }) | undefined> {
  const [row] = await db.query<ReservationRow & { uid: string }>(
    `${SELECT.replace('select r.monthly_reservation_id', 'select c.uid, r.monthly_reservation_id')} where r.monthly_rate_instance_id = $1::uuid`,
    [instanceId],
  );
  return row;
}

/** A sign-up abandoned by `now` (migration 0099) is not listed: the customer sees one sign-up, not duplicates. */
const LISTED = '(mc.monthly_contract_id is null or not monthly_sign_up_abandoned(mc.monthly_contract_id, $2))';

export async function listReservationsOfUid(db: Db, uid: string, start: number, count: number, now: Date): Promise<{ rows: ReservationRow[]; total: number }> {
  const [total] = await db.query<{ n: number }>(
    `select count(*)::int as n from monthly_reservations r join customers c on c.customer_id = r.customer_id
     left join monthly_contracts mc on mc.monthly_reservation_id = r.monthly_reservation_id where c.uid = $1 and ${LISTED}`,
    [uid, now],
  );
  const rows = await db.query<ReservationRow>(`${SELECT} where c.uid = $1 and ${LISTED} order by r.created_at desc, r.monthly_reservation_id desc limit $3 offset $4`, [uid, now, count, start]);
  return { rows, total: total?.n ?? 0 };
}

export type InstanceRow = {
  monthly_rate_instance_id: string;
  monthly_rate_id: number;
  location_id: number;
  check_in_date: string;
  applied_pro_rate_value_with_tax: number;
  applied_rate_value_with_tax: number;
  applied_service_fee_amount_with_tax: number;
  ski_data_location: boolean;
  group_name: string;
  rate_code: string;
  /** The quote as shown (server/rates/monthly-pricing.ts), with the claim the customer made, if any. */
  calculation: { isTaxExempt?: unknown; isResident?: unknown; exemptionClaim?: { claim?: unknown } | null };
};

export async function findRateInstance(db: Db, instanceId: string): Promise<InstanceRow | undefined> {
  const [row] = await db.query<InstanceRow>(
    `select i.monthly_rate_instance_id::text as monthly_rate_instance_id, i.monthly_rate_id, i.location_id, to_char(i.check_in_date, 'YYYY-MM-DD') as check_in_date,
       i.applied_pro_rate_value_with_tax, i.applied_rate_value_with_tax, i.applied_service_fee_amount_with_tax,
       l.ski_data_location, m.group_name, m.rate_code, i.calculation
     from monthly_rate_instances i join locations l on l.location_id = i.location_id join monthly_rates m on m.monthly_rate_id = i.monthly_rate_id
     where i.monthly_rate_instance_id = $1::uuid`,
    [instanceId],
  );
  return row;
}

/** The caller's customer row; created bare when the first signed-in call has not made it yet. */
export async function customerOfUid(db: Db, uid: string, email: string | undefined): Promise<{ customer_id: number; email_verified: boolean; email: string | null }> {
  await db.query('insert into customers (uid, email) values ($1, $2) on conflict (uid) do nothing', [uid, email?.toLowerCase() ?? null]);
  const [row] = await db.query<{ customer_id: number; email_verified: boolean; email: string | null }>('select customer_id, email_verified, email from customers where uid = $1', [uid]);
  if (!row) throw new Error(`customer ${uid} vanished`);
  return row;
}
