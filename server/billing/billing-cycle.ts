/**
 * The monthly billing cycle (spec 2 §4 "Monthly contracts", §9; licence: "notice to stop charging
 * must be given by the 25th"): every contract running on the 1st of a New York month is charged
 * that month's fee with the card attached to it, once per contract and month whatever happens.
 *
 * The database is the lock, never the process (several API processes share one PostgreSQL):
 * 1. claim: in one transaction per batch of contracts (locked `for update skip locked`, so two
 *    runs take different contracts instead of queueing), insert the month's periods (unique per
 *    contract and start) and their monthly_billing_charges rows (primary key = the period).
 *    Whoever inserts the claim charges; a second run or another process meets the row and moves on.
 * 2. charge: through the payment service with payable "monthly-period:<id>", outside any
 *    transaction. Its rows make the month paid at most once (one open and one succeeded payment per
 *    payable) and its processor idempotency key derives from the payment id.
 * 3. record the outcome on the claim. A claim left without one (the process died in step 2) is
 *    taken over after CLAIM_STALE_AFTER_MS by a compare-and-set on claimed_at; the payment service
 *    then finds the payment that process started and re-drives that same one (or answers it paid).
 *
 * A declined card (or none attached) leaves the month unpaid: the contract is due and its access
 * card deactivated until the balance is paid (contract-view.ts derives both from the periods);
 * the job does not charge a declined month again by itself.
 */
import { Temporal } from 'temporal-polyfill';
import type { Db } from '../db/client.ts';
import { firstOfNewYorkMonth } from '../monthly-contracts/contract-view.ts';
import { createPaymentService, PaymentConflict } from '../payments/payment-service.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { HttpError } from '../lib/http-error.ts';
import { log } from '../lib/logger.ts';
import { periodEntityId, registerMonthlyPeriodPayable } from './period-payable.ts';

const NEW_YORK = 'America/New_York';
/** A claim this old without an outcome lost its process; long enough for any processor call. */
export const CLAIM_STALE_AFTER_MS = 10 * 60_000;

export type BillingOutcome = 'paid' | 'declined' | 'no_card';

export type BillingReport = {
  /** The billed month, e.g. "2026-12". */
  month: string;
  paid: number;
  declined: number;
  noCard: number;
  suspended: number;
  /** Charges another run or process holds right now, or that failed for a reason not the card's (retried next hour). */
  left: number;
};

type BillableContract = {
  monthly_contract_id: number;
  customer_payment_method_id: number | null;
  amount_cents: number;
  suspended_at: Date | null;
  resume_utc: Date | null;
  uid: string;
  email: string | null;
};

const at = (value: Date | string) => new Date(value).getTime();

/** Suspended for the month starting at `monthStart`: the suspension began by then and has not ended. */
export function isSuspendedFor(contract: Pick<BillableContract, 'suspended_at' | 'resume_utc'>, monthStart: Date): boolean {
  return contract.suspended_at !== null && at(contract.suspended_at) <= monthStart.getTime()
    && (contract.resume_utc === null || at(contract.resume_utc) > monthStart.getTime());
}

/** Midnight in New York on the 1st of the month holding `day`. */
export function monthStartOf(day: Temporal.PlainDate): Date {
  return new Date(day.toPlainYearMonth().toPlainDate({ day: 1 }).toZonedDateTime({ timeZone: NEW_YORK }).epochMilliseconds);
}

export function newYorkToday(now: Date): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(NEW_YORK).toPlainDate();
}

/** Contracts claimed per transaction: a few statements for the batch instead of five per contract. */
export const CLAIM_BATCH_SIZE = 100;

/**
 * Contracts running at `monthStart` with the month still to settle: no period yet, or a billed one
 * unpaid whose claim is missing or stale. A contract starting after the 1st has its first month
 * from sign-up (a prorated period), so it is billed from the next 1st.
 *
 * One batch after contract `afterId`, locked for the claim's transaction. `skip locked`: a
 * contract another run is claiming right now is that run's; this one takes the next ones instead
 * of queueing behind it. The running-until expression is the index of migration 0097 (only the
 * contracts still running, never the years of ended ones); the period and claim are found by
 * their unique keys.
 */
async function listBillable(tx: Db, monthStart: Date, staleBefore: Date, afterId: number): Promise<BillableContract[]> {
  return tx.query<BillableContract>(
    `select mc.monthly_contract_id, mc.customer_payment_method_id, mc.amount_cents, mc.suspended_at, mc.resume_utc, c.uid, c.email
     from monthly_contracts mc
     join customers c on c.customer_id = mc.customer_id
     left join monthly_contract_periods p on p.monthly_contract_id = mc.monthly_contract_id and p.start_utc = $1
     left join monthly_billing_charges b on b.monthly_contract_period_id = p.monthly_contract_period_id
     where least(coalesce(mc.end_utc, 'infinity'::timestamptz), coalesce(mc.cancelled_at, 'infinity'::timestamptz)) > $1
       and mc.start_utc <= $1 and mc.monthly_contract_id > $3
       and not monthly_sign_up_abandoned(mc.monthly_contract_id, $1) -- never paid its first month (migration 0099)
       and (p.monthly_contract_period_id is null
            or (p.kind = 'billed' and p.paid_at is null and (b.monthly_contract_period_id is null or (b.outcome is null and b.claimed_at < $2))))
     order by mc.monthly_contract_id
     limit $4
     for update of mc skip locked`,
    [monthStart, staleBefore, afterId, CLAIM_BATCH_SIZE],
  );
}

type Claimed = { contract: BillableContract; periodId: number };
type ClaimedBatch = { charges: Claimed[]; suspended: number; held: number; lastId: number | undefined };

export function createBillingCycle({ db, now, provider, worker }: { db: Db; now: () => Date; provider: PaymentProvider; worker: string }) {
  registerMonthlyPeriodPayable();
  const payments = createPaymentService({ db, now, provider });

  /**
   * Step 1 for the next batch of contracts: their month's periods and claims, in one transaction
   * of six statements whatever the batch's size (see the header). `lastId` is where the next batch
   * starts: each run walks the contracts once, in order, so it ends even when a claim is held.
   */
  async function claimBatch(monthStart: Date, monthEnd: Date, afterId: number): Promise<ClaimedBatch> {
    return db.transaction(async (tx): Promise<ClaimedBatch> => {
      const staleBefore = new Date(now().getTime() - CLAIM_STALE_AFTER_MS);
      const contracts = await listBillable(tx, monthStart, staleBefore, afterId);
      if (contracts.length === 0) return { charges: [], suspended: 0, held: 0, lastId: undefined };
      const ids = contracts.map((contract) => contract.monthly_contract_id);
      const suspended = contracts.map((contract) => isSuspendedFor(contract, monthStart));
      // The unique (contract, start) of the periods: a month has one period, whoever inserts it.
      await tx.query(
        `insert into monthly_contract_periods (monthly_contract_id, start_utc, end_utc, amount_cents, kind)
         select id, $2, $3, amount, kind from unnest($1::int[], $4::int[], $5::text[]) as batch (id, amount, kind)
         on conflict (monthly_contract_id, start_utc) do nothing`,
        [ids, monthStart, monthEnd, contracts.map((contract, i) => (suspended[i] ? 0 : contract.amount_cents)), suspended.map((isSuspended) => (isSuspended ? 'suspended' : 'billed'))],
      );
      const periods = await tx.query<{ monthly_contract_id: number; monthly_contract_period_id: number; kind: string; paid_at: Date | null }>(
        'select monthly_contract_id, monthly_contract_period_id, kind, paid_at from monthly_contract_periods where monthly_contract_id = any($1::int[]) and start_utc = $2',
        [ids, monthStart],
      );
      const periodOf = new Map(periods.map((period) => [period.monthly_contract_id, period]));
      const toCharge = contracts.flatMap((contract) => {
        const period = periodOf.get(contract.monthly_contract_id);
        if (!period) throw new Error(`period of contract ${contract.monthly_contract_id} at ${monthStart.toISOString()} vanished`);
        return period.kind === 'billed' && period.paid_at === null ? [{ contract, periodId: period.monthly_contract_period_id }] : [];
      });
      const periodIds = toCharge.map((claim) => claim.periodId);
      // The claim row (primary key = the period): whoever inserts it charges the month.
      const inserted = await tx.query<{ monthly_contract_period_id: number }>(
        `insert into monthly_billing_charges (monthly_contract_period_id, claimed_at, claimed_by) select unnest($1::int[]), $2, $3
         on conflict (monthly_contract_period_id) do nothing returning monthly_contract_period_id`,
        [periodIds, now(), worker],
      );
      // A claim left open by a process that died mid-charge: taken over once stale (compare-and-set).
      const takenOver = await tx.query<{ monthly_contract_period_id: number }>(
        `update monthly_billing_charges set claimed_at = $2, claimed_by = $3
         where monthly_contract_period_id = any($1::int[]) and outcome is null and claimed_at < $4 returning monthly_contract_period_id`,
        [periodIds.filter((id) => !inserted.some((row) => row.monthly_contract_period_id === id)), now(), worker, staleBefore],
      );
      const ours = new Set([...inserted, ...takenOver].map((row) => row.monthly_contract_period_id));
      return {
        charges: toCharge.filter((claim) => ours.has(claim.periodId)),
        suspended: periods.filter((period) => period.kind === 'suspended').length,
        held: toCharge.length - ours.size,
        lastId: ids[ids.length - 1],
      };
    });
  }

  async function record(periodId: number, outcome: BillingOutcome, paymentId: number | null, message: string | null): Promise<void> {
    await db.query(
      `update monthly_billing_charges set outcome = $2, payment_id = $3, message = $4, finished_at = $5
       where monthly_contract_period_id = $1 and claimed_by = $6 and outcome is null`,
      [periodId, outcome, paymentId, message, now(), worker],
    );
  }

  /** Step 2 and 3 for one claimed month. Answers undefined when the charge must be retried later. */
  async function charge(contract: BillableContract, periodId: number): Promise<BillingOutcome | undefined> {
    const user = { uid: contract.uid, email: contract.email ?? undefined, phoneNumber: undefined };
    if (contract.customer_payment_method_id === null) {
      await record(periodId, 'no_card', null, 'No card is attached to the contract.');
      return 'no_card';
    }
    try {
      const result = await payments.charge(user, contract.customer_payment_method_id, { systemEntityId: periodEntityId(periodId) });
      if (result.ok) {
        await record(periodId, 'paid', result.payment.payment_id, null);
        return 'paid';
      }
      await record(periodId, 'declined', result.payment.payment_id, result.error.message);
      return 'declined';
    } catch (error: unknown) {
      // The customer paid the month meanwhile (balance payment): nothing left to charge.
      if (error instanceof HttpError && error.status === 409 && !(error instanceof PaymentConflict && error.paymentId !== undefined)) {
        const [paid] = await db.query<{ payment_id: number | null }>('select payment_id from monthly_contract_periods where monthly_contract_period_id = $1 and paid_at is not null', [periodId]);
        if (paid) {
          await record(periodId, 'paid', paid.payment_id, null);
          return 'paid';
        }
      }
      // The attached card was removed from the account: the month is due like a declined one.
      if (error instanceof HttpError && error.status === 404) {
        await record(periodId, 'no_card', null, 'The card attached to the contract was removed.');
        return 'no_card';
      }
      // Processor unreachable, a charge still running elsewhere: the claim stays open and is
      // taken over by a later run once stale; the payment it started is re-driven, never doubled.
      log.error(`[billing] contract ${contract.monthly_contract_id} period ${periodId}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  /** Bills the New York month holding `day` (any day of it: a run missed on the 1st catches up later). */
  async function runForMonth(day: Temporal.PlainDate): Promise<BillingReport> {
    const monthStart = monthStartOf(day);
    const monthEnd = firstOfNewYorkMonth(monthStart, 1);
    const report: BillingReport = { month: day.toPlainYearMonth().toString(), paid: 0, declined: 0, noCard: 0, suspended: 0, left: 0 };
    for (let afterId = 0; ;) {
      const batch = await claimBatch(monthStart, monthEnd, afterId);
      if (batch.lastId === undefined) break;
      afterId = batch.lastId;
      report.suspended += batch.suspended;
      report.left += batch.held;
      for (const { contract, periodId } of batch.charges) {
        const outcome = await charge(contract, periodId);
        if (outcome === 'paid') report.paid++;
        else if (outcome === 'declined') report.declined++;
        else if (outcome === 'no_card') report.noCard++;
        else report.left++;
      }
    }
    return report;
  }

  return { runForMonth, runToday: () => runForMonth(newYorkToday(now())) };
}

export type BillingCycle = ReturnType<typeof createBillingCycle>;
