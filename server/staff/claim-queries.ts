/** SQL of the staff claims desk (tables in migrations/0080_claims.sql). */
import type { ClaimStatus } from '../../src/contract/staff.ts';
import type { Db } from '../db/client.ts';

export type ClaimFilter = { status?: ClaimStatus | undefined; q?: string | undefined; locationNumber?: string | undefined; from?: string | undefined; to?: string | undefined };

export type ClaimRow = {
  claim_id: number; claim_number: string; status: ClaimStatus; first_name: string; last_name: string; email_address: string | null;
  location_number: string; address1: string; incident_date: string; report_date: string; vehicle_plate: string | null;
  photo_count: number; created_at: Date;
};

const SUMMARY_COLUMNS = `c.claim_id, c.claim_number, c.status, c.first_name, c.last_name, c.email_address, l.location_number, l.address1,
  to_char(c.incident_date, 'YYYY-MM-DD') as incident_date, to_char(c.report_date, 'YYYY-MM-DD') as report_date, c.vehicle_plate,
  (select count(*)::int from claim_photos p where p.claim_id = c.claim_id) as photo_count, c.created_at`;

/** The where clause and its parameters for a filter; `q` matches claim number, names, email, phone, plate or VIN. */
function whereOf(filter: ClaimFilter): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (filter.status) add((n) => `c.status = ${n}`, filter.status);
  if (filter.locationNumber) add((n) => `l.location_number = ${n}`, filter.locationNumber);
  if (filter.from) add((n) => `c.incident_date >= ${n}::date`, filter.from);
  if (filter.to) add((n) => `c.incident_date <= ${n}::date`, filter.to);
  if (filter.q) {
    const pattern = `%${filter.q.replace(/^E/i, '').replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const term = `%${filter.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    params.push(pattern, term);
    const [number, text] = [`$${params.length - 1}`, `$${params.length}`];
    conditions.push(`(c.claim_number ilike ${number} or c.first_name || ' ' || c.last_name ilike ${text} or c.email_address ilike ${text}
      or c.primary_phone ilike ${text} or c.vehicle_plate ilike ${text} or c.vehicle_vin ilike ${text})`);
  }
  return { where: conditions.length ? `where ${conditions.join(' and ')}` : '', params };
}

export async function listClaims(db: Db, filter: ClaimFilter, page: { page: number; pageSize: number } | undefined): Promise<{ rows: ClaimRow[]; total: number }> {
  const { where, params } = whereOf(filter);
  const from = 'from claims c join locations l on l.location_id = c.location_id';
  const limit = page ? ` limit ${page.pageSize} offset ${page.page * page.pageSize}` : '';
  const [rows, [count]] = await Promise.all([
    db.query<ClaimRow>(`select ${SUMMARY_COLUMNS} ${from} ${where} order by c.created_at desc, c.claim_id desc${limit}`, params),
    db.query<{ n: number }>(`select count(*)::int as n ${from} ${where}`, params),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Every stored column of one claim, for the detail page and the CSV export. */
export type FullClaimRow = ClaimRow & Record<string, unknown>;

export async function findClaim(db: Db, claimId: number): Promise<FullClaimRow | undefined> {
  const [row] = await db.query<FullClaimRow>(
    `select c.*, ${SUMMARY_COLUMNS}, to_char(c.policy_expiration_date, 'YYYY-MM-DD') as policy_expiration_date
     from claims c join locations l on l.location_id = c.location_id where c.claim_id = $1`,
    [claimId],
  );
  return row;
}

export type ClaimPhotoRow = { position: number; content_type: string; byte_size: number; original_key: string; viewing_key: string; width: number; height: number };

export const listClaimPhotos = (db: Db, claimId: number) =>
  db.query<ClaimPhotoRow>('select position, content_type, byte_size, original_key, viewing_key, width, height from claim_photos where claim_id = $1 order by position', [claimId]);

export type StatusChangeRow = { from_status: ClaimStatus; to_status: ClaimStatus; changed_by: string; note: string | null; is_customer_mailed: boolean; changed_at: Date };

export const listStatusChanges = (db: Db, claimId: number) =>
  db.query<StatusChangeRow>('select from_status, to_status, changed_by, note, is_customer_mailed, changed_at from claim_status_changes where claim_id = $1 order by changed_at, claim_status_change_id', [claimId]);

/** Moves the claim only from the status the staff member saw; false when it had moved meanwhile. */
export async function moveClaim(db: Db, input: { claimId: number; from: ClaimStatus; to: ClaimStatus; changedBy: string; note: string | null; isCustomerMailed: boolean; at: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const moved = await tx.query('update claims set status = $3 where claim_id = $1 and status = $2 returning claim_id', [input.claimId, input.from, input.to]);
    if (moved.length === 0) return false;
    await tx.query(
      `insert into claim_status_changes (claim_id, from_status, to_status, changed_by, note, is_customer_mailed, changed_at) values ($1, $2, $3, $4, $5, $6, $7)`,
      [input.claimId, input.from, input.to, input.changedBy, input.note, input.isCustomerMailed, input.at.toISOString()],
    );
    return true;
  });
}
