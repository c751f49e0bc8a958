/**
 * Exemption and resident-rate requests (decision 0104). The rules that hold the money:
 * - a claim never lowers a bill by itself: the contract keeps its full fee until approval;
 * - one open or approved request per contract (unique index, migration 0092);
 * - approval happens once: it locks the request and the contract, moves the request from pending
 *   to approved, sets the contract's fee to the exempt one and writes one credit (unique per
 *   request) for the months billed at the full rate since the request. The billing job locks the
 *   same contract row when it bills a month, so a month is either in that credit or billed at the
 *   exempt fee, never neither and never both.
 */
import type { ExemptionClaim, ExemptionRequest, ExemptionStatus, StaffExemption } from '../../src/contract/exemptions.ts';
import { EXEMPTION_MESSAGES } from '../../src/contract/exemptions.ts';
import type { Db } from '../db/client.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { exemptionPricesOf } from './prices.ts';

export type RequestRow = {
  exemption_request_id: number;
  monthly_contract_id: number;
  claim: ExemptionClaim;
  status: ExemptionStatus;
  full_monthly_cents: number;
  exempt_monthly_cents: number;
  full_first_cents: number;
  exempt_first_cents: number;
  requested_at: Date;
  proof_uploaded_at: Date | null;
  decided_at: Date | null;
  reason: string | null;
  credit_cents: number | null;
};

export type ProofRow = { exemption_request_id: number; position: number; content_type: string; byte_size: number; original_key: string; viewing_key: string | null };

const REQUEST_COLUMNS = `e.exemption_request_id, e.monthly_contract_id, e.claim, e.status, e.full_monthly_cents, e.exempt_monthly_cents,
  e.full_first_cents, e.exempt_first_cents, e.requested_at, e.proof_uploaded_at, e.decided_at, e.reason, e.credit_cents`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toExemptionRequest(row: RequestRow, proofs: readonly ProofRow[]): ExemptionRequest {
  return {
    exemptionRequestId: row.exemption_request_id,
    monthlyContractId: row.monthly_contract_id,
    claim: row.claim,
    status: row.status,
    fullMonthlyAmount: row.full_monthly_cents / 100,
    exemptMonthlyAmount: row.exempt_monthly_cents / 100,
    requestedUtc: new Date(row.requested_at).toISOString(),
    proofUploadedUtc: iso(row.proof_uploaded_at),
    decidedUtc: iso(row.decided_at),
    reason: row.reason,
    creditAmount: row.credit_cents === null ? null : row.credit_cents / 100,
    proofs: proofs.filter((proof) => proof.exemption_request_id === row.exemption_request_id)
      .map((proof) => ({ position: proof.position, contentType: proof.content_type, byteSize: proof.byte_size })),
  };
}

export async function listProofs(db: Db, requestIds: readonly number[]): Promise<ProofRow[]> {
  if (requestIds.length === 0) return [];
  return db.query<ProofRow>(
    'select exemption_request_id, position, content_type, byte_size, original_key, viewing_key from monthly_exemption_proofs where exemption_request_id = any($1::int[]) order by exemption_request_id, position',
    [requestIds],
  );
}

/** The contract's latest request (the open or approved one if any), or undefined. */
export async function latestRequestOfContract(db: Db, contractId: number): Promise<RequestRow | undefined> {
  const [row] = await db.query<RequestRow>(
    `select ${REQUEST_COLUMNS} from monthly_exemption_requests e where e.monthly_contract_id = $1 order by e.requested_at desc, e.exemption_request_id desc limit 1`,
    [contractId],
  );
  return row;
}

/** Credit not yet taken off a bill: the contract's credits less what its months used. */
export async function creditRemainingCents(db: Db, contractId: number): Promise<number> {
  const [row] = await db.query<{ cents: number }>(
    `select (select coalesce(sum(amount_cents), 0) from monthly_contract_credits where monthly_contract_id = $1)
          - (select coalesce(sum(credit_cents), 0) from monthly_contract_periods where monthly_contract_id = $1) as cents`,
    [contractId],
  );
  return Number(row?.cents ?? 0);
}

/**
 * A claim made with the quote at sign-up (inside the sign-up's transaction): a request waiting
 * for proof. The contract was created at the full rate; nothing here changes that.
 */
export async function insertSignUpClaim(tx: Db, input: { contractId: number; customerId: number; reservationId: number; claim: ExemptionClaim; now: Date }): Promise<void> {
  let prices;
  try {
    prices = await exemptionPricesOf(tx, input.reservationId, input.claim);
  } catch (error: unknown) {
    if (error instanceof HttpError) return; // a claim that changes nothing here is not a request
    throw error;
  }
  await tx.query(
    `insert into monthly_exemption_requests (monthly_contract_id, customer_id, claim, status, full_monthly_cents, exempt_monthly_cents, full_first_cents, exempt_first_cents, requested_at)
     values ($1, $2, $3, 'awaiting-proof', $4, $5, $6, $7, $8)`,
    [input.contractId, input.customerId, input.claim, prices.fullMonthlyCents, prices.exemptMonthlyCents, prices.fullFirstCents, prices.exemptFirstCents, input.now],
  );
}

export type StoredProof = { position: number; contentType: string; byteSize: number; originalKey: string; viewingKey: string | null };

/**
 * The customer's proof: completes the request waiting for it, or opens a new one (none yet, or
 * the last was rejected). Answers the request id, or undefined when another request is open or
 * approved (then nothing was written).
 */
export async function submitProof(db: Db, input: { contractId: number; customerId: number; reservationId: number; claim: ExemptionClaim | undefined; proofs: readonly StoredProof[]; now: Date }): Promise<number | undefined> {
  const latest = await latestRequestOfContract(db, input.contractId);
  if (latest && (latest.status === 'pending' || latest.status === 'approved')) return undefined;
  const waiting = latest?.status === 'awaiting-proof' ? latest : undefined;
  const claim = input.claim ?? waiting?.claim;
  if (!claim) throw new HttpError(400, EXEMPTION_MESSAGES.claimInvalid);
  const prices = await exemptionPricesOf(db, input.reservationId, claim);
  return db.transaction(async (tx) => {
    let requestId: number | undefined;
    if (waiting) {
      const [moved] = await tx.query<{ exemption_request_id: number }>(
        `update monthly_exemption_requests set status = 'pending', claim = $2, full_monthly_cents = $3, exempt_monthly_cents = $4, full_first_cents = $5, exempt_first_cents = $6, proof_uploaded_at = $7
         where exemption_request_id = $1 and status = 'awaiting-proof' returning exemption_request_id`,
        [waiting.exemption_request_id, claim, prices.fullMonthlyCents, prices.exemptMonthlyCents, prices.fullFirstCents, prices.exemptFirstCents, input.now],
      );
      requestId = moved?.exemption_request_id;
    } else {
      const [inserted] = await tx.query<{ exemption_request_id: number }>(
        `insert into monthly_exemption_requests (monthly_contract_id, customer_id, claim, status, full_monthly_cents, exempt_monthly_cents, full_first_cents, exempt_first_cents, requested_at, proof_uploaded_at)
         values ($1, $2, $3, 'pending', $4, $5, $6, $7, $8, $8)
         on conflict (monthly_contract_id) where status in ('awaiting-proof', 'pending', 'approved') do nothing returning exemption_request_id`,
        [input.contractId, input.customerId, claim, prices.fullMonthlyCents, prices.exemptMonthlyCents, prices.fullFirstCents, prices.exemptFirstCents, input.now],
      );
      requestId = inserted?.exemption_request_id;
    }
    if (requestId === undefined) return undefined; // another upload got there first
    for (const proof of input.proofs) {
      await tx.query(
        `insert into monthly_exemption_proofs (exemption_request_id, position, content_type, byte_size, original_key, viewing_key, uploaded_at) values ($1, $2, $3, $4, $5, $6, $7)`,
        [requestId, proof.position, proof.contentType, proof.byteSize, proof.originalKey, proof.viewingKey, input.now],
      );
    }
    return requestId;
  });
}

const STAFF_COLUMNS = `${REQUEST_COLUMNS}, r.full_name, r.email, r.location_id`;
type StaffRow = RequestRow & { full_name: string; email: string | null; location_id: number };
const STAFF_FROM = `from monthly_exemption_requests e join monthly_contracts mc on mc.monthly_contract_id = e.monthly_contract_id
  join monthly_reservations r on r.monthly_reservation_id = mc.monthly_reservation_id`;

export function toStaffExemption(row: StaffRow, proofs: readonly ProofRow[]): StaffExemption {
  return { ...toExemptionRequest(row, proofs), fullName: row.full_name, email: row.email, locationId: row.location_id };
}

export async function listForStaff(db: Db, status: ExemptionStatus): Promise<StaffRow[]> {
  return db.query<StaffRow>(`select ${STAFF_COLUMNS} ${STAFF_FROM} where e.status = $1 order by coalesce(e.proof_uploaded_at, e.requested_at), e.exemption_request_id limit 200`, [status]);
}

export async function findForStaff(db: Db, requestId: number): Promise<StaffRow | undefined> {
  const [row] = await db.query<StaffRow>(`select ${STAFF_COLUMNS} ${STAFF_FROM} where e.exemption_request_id = $1`, [requestId]);
  return row;
}

/**
 * What approval credits: each month of the contract billed at the full rate whose end is after
 * the request (the current one included, paid or still due), at the difference the request
 * recorded. Suspended months cost nothing and are not credited.
 */
async function creditFor(tx: Db, request: RequestRow): Promise<number> {
  const [row] = await tx.query<{ cents: number }>(
    `select coalesce(sum(case kind when 'prorated' then $3::int when 'billed' then $4::int else 0 end), 0)::int as cents
     from monthly_contract_periods where monthly_contract_id = $1 and end_utc > $2 and kind in ('billed', 'prorated')`,
    [request.monthly_contract_id, request.requested_at, request.full_first_cents - request.exempt_first_cents, request.full_monthly_cents - request.exempt_monthly_cents],
  );
  return Number(row?.cents ?? 0);
}

export type Decision = { decision: 'approve' } | { decision: 'reject'; reason: string };

/**
 * Staff's decision on a pending request, once. Approving an approved request again answers it as
 * it is (a double click credits nothing more); any other move from a decided request is a 409.
 */
export async function decide(db: Db, requestId: number, decision: Decision, by: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [contract] = await tx.query<{ monthly_contract_id: number }>(
      `select mc.monthly_contract_id from monthly_contracts mc join monthly_exemption_requests e on e.monthly_contract_id = mc.monthly_contract_id
       where e.exemption_request_id = $1 for update of mc`,
      [requestId],
    );
    if (!contract) throw notFound(`Request ${requestId}`);
    const [request] = await tx.query<RequestRow>(`select ${REQUEST_COLUMNS} from monthly_exemption_requests e where e.exemption_request_id = $1 for update`, [requestId]);
    if (!request) throw notFound(`Request ${requestId}`);
    if (request.status === 'approved' && decision.decision === 'approve') return;
    if (request.status !== 'pending') {
      throw new HttpError(409, request.status === 'awaiting-proof' ? 'The customer has not uploaded proof yet.' : `This request is already ${request.status}.`);
    }
    if (decision.decision === 'reject') {
      await tx.query(
        `update monthly_exemption_requests set status = 'rejected', reason = $2, decided_at = $3, decided_by = $4 where exemption_request_id = $1 and status = 'pending'`,
        [requestId, decision.reason, now, by],
      );
      return;
    }
    const credit = await creditFor(tx, request);
    await tx.query(
      `update monthly_exemption_requests set status = 'approved', credit_cents = $2, decided_at = $3, decided_by = $4 where exemption_request_id = $1 and status = 'pending'`,
      [requestId, credit, now, by],
    );
    // From the next bill on, the exempt fee.
    await tx.query('update monthly_contracts set amount_cents = $2 where monthly_contract_id = $1', [request.monthly_contract_id, request.exempt_monthly_cents]);
    if (credit > 0) {
      await tx.query(
        'insert into monthly_contract_credits (monthly_contract_id, exemption_request_id, amount_cents, created_at) values ($1, $2, $3, $4)',
        [request.monthly_contract_id, requestId, credit, now],
      );
    }
  });
}
