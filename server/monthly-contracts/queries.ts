/**
 * SQL of monthly contracts (tables in server/db/migrations/0032_monthly_contracts.sql). Reads are
 * by the caller's Firebase uid through the customers row, so a query can only ever return the
 * caller's own contracts.
 */
import type { Db } from '../db/client.ts';
import type { ContractRow, PeriodRow } from './contract-view.ts';

const CONTRACT_COLUMNS = `mc.monthly_contract_id, mc.customer_id, mc.customer_payment_method_id, mc.amount_cents, mc.start_utc, mc.end_utc,
  mc.suspended_at, mc.resume_utc, mc.resume_requested, mc.cancelled_at, mc.is_blocked, mc.created_at,
  r.monthly_reservation_id, r.location_id, r.monthly_rate_instance_id::text as monthly_rate_instance_id, r.full_name, r.email, r.phone_number,
  r.created_at as reservation_created_at`;

const OWNED_BY_UID = `from monthly_contracts mc
  join customers c on c.customer_id = mc.customer_id
  join monthly_reservations r on r.monthly_reservation_id = mc.monthly_reservation_id
  where c.uid = $1`;

/** Abandoned sign-ups (unpaid first month, expired or superseded; migration 0099) are not listed: one sign-up shows, not duplicates. */
const NOT_ABANDONED = 'and not monthly_sign_up_abandoned(mc.monthly_contract_id, $2)';

export async function listContractsOfUid(db: Db, uid: string, page: number, pageSize: number, now: Date): Promise<{ rows: ContractRow[]; total: number }> {
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n ${OWNED_BY_UID} ${NOT_ABANDONED}`, [uid, now]);
  const rows = await db.query<ContractRow>(
    `select ${CONTRACT_COLUMNS} ${OWNED_BY_UID} ${NOT_ABANDONED} order by mc.created_at desc, mc.monthly_contract_id desc limit $3 offset $4`,
    [uid, now, pageSize, page * pageSize],
  );
  return { rows, total: count?.n ?? 0 };
}

export async function findContractOfUid(db: Db, uid: string, contractId: number): Promise<ContractRow | undefined> {
  const [row] = await db.query<ContractRow>(`select ${CONTRACT_COLUMNS} ${OWNED_BY_UID} and mc.monthly_contract_id = $2`, [uid, contractId]);
  return row;
}

export async function listPeriods(db: Db, contractIds: readonly number[]): Promise<PeriodRow[]> {
  if (contractIds.length === 0) return [];
  return db.query<PeriodRow>(
    `select monthly_contract_period_id, monthly_contract_id, start_utc, end_utc, amount_cents, paid_at, kind, credit_cents
     from monthly_contract_periods where monthly_contract_id = any($1::int[]) order by monthly_contract_id, start_utc`,
    [contractIds],
  );
}

export type NewMonthlyContract = {
  customerId: number;
  locationId: number;
  monthlyRateId: number | null;
  fullName: string;
  email: string | null;
  phoneNumber: string | null;
  form: unknown;
  amountCents: number;
  startUtc: Date;
  createdAt: Date;
  /** Billed months from the start: [start, end) and when each was paid (null = unpaid). */
  periods: readonly { startUtc: Date; endUtc: Date; paidAt: Date | null }[];
};

/** A monthly reservation with its contract and billed months (the seed and the tests create them). */
export async function insertMonthlyContract(db: Db, input: NewMonthlyContract): Promise<number> {
  return db.transaction(async (tx) => {
    const [reservation] = await tx.query<{ monthly_reservation_id: number }>(
      `insert into monthly_reservations (customer_id, location_id, monthly_rate_id, full_name, email, phone_number, form, created_at)
       values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) returning monthly_reservation_id`,
      [input.customerId, input.locationId, input.monthlyRateId, input.fullName, input.email, input.phoneNumber, input.form === undefined ? null : JSON.stringify(input.form), input.createdAt.toISOString()],
    );
    if (!reservation) throw new Error('monthly reservation was not created');
    const [contract] = await tx.query<{ monthly_contract_id: number }>(
      `insert into monthly_contracts (monthly_reservation_id, customer_id, amount_cents, start_utc, created_at)
       values ($1, $2, $3, $4, $5) returning monthly_contract_id`,
      [reservation.monthly_reservation_id, input.customerId, input.amountCents, input.startUtc.toISOString(), input.createdAt.toISOString()],
    );
    if (!contract) throw new Error('monthly contract was not created');
    for (const period of input.periods) {
      await tx.query(
        `insert into monthly_contract_periods (monthly_contract_id, start_utc, end_utc, amount_cents, paid_at) values ($1, $2, $3, $4, $5)`,
        [contract.monthly_contract_id, period.startUtc.toISOString(), period.endUtc.toISOString(), input.amountCents, period.paidAt?.toISOString() ?? null],
      );
    }
    return contract.monthly_contract_id;
  });
}
