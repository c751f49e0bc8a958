/**
 * What a customer does to their own contract (spec 2 §4 "Monthly contracts": suspend and resume
 * online, change the card; §2 "Monthly balance payment modal": pay what is due). Each change is a
 * compare-and-set on the contract row, so a double tap or two tabs change it once.
 */
import { MONTHLY_CONTRACT_MESSAGES } from '../../src/contract/monthly-contracts.ts';
import { periodEntityId } from '../billing/period-payable.ts';
import type { Db } from '../db/client.ts';
import type { AuthUser } from '../lib/auth.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import { findMethod } from '../payments/payment-store.ts';
import type { CardError } from '../payments/test-cards.ts';
import type { ContractRow, PeriodRow } from './contract-view.ts';
import { findContractOfUid, listPeriods } from './queries.ts';
import { resumeStart, suspensionStart } from './suspension.ts';

const at = (value: Date | string) => new Date(value).getTime();

async function ownContract(db: Db, uid: string, contractId: number): Promise<ContractRow> {
  const row = await findContractOfUid(db, uid, contractId);
  if (!row) throw notFound('The monthly contract');
  return row;
}

const duePeriods = (periods: readonly PeriodRow[], now: Date) =>
  periods.filter((period) => period.paid_at === null && period.amount_cents > 0 && at(period.start_utc) <= now.getTime());

const isCancelled = (row: ContractRow, now: Date) => row.cancelled_at !== null && at(row.cancelled_at) <= now.getTime();

export type BalanceOutcome = { ok: true } | { ok: false; error: CardError; paymentId: number };

export function createContractActions({ db, now, payments }: { db: Db; now: () => Date; payments: PaymentService }) {
  return {
    async suspend(uid: string, contractId: number): Promise<void> {
      const row = await ownContract(db, uid, contractId);
      const at0 = now();
      if (isCancelled(row, at0)) throw new HttpError(409, MONTHLY_CONTRACT_MESSAGES.cancelled);
      const scheduledOrOn = row.suspended_at !== null && (row.resume_utc === null || at(row.resume_utc) > at0.getTime());
      if (scheduledOrOn) throw new HttpError(409, MONTHLY_CONTRACT_MESSAGES.alreadySuspended);
      const periods = await listPeriods(db, [contractId]);
      if (duePeriods(periods, at0).length > 0) throw new HttpError(409, MONTHLY_CONTRACT_MESSAGES.payBalanceFirst);
      const billed = periods.filter((period) => period.kind !== 'suspended').map((period) => new Date(period.start_utc));
      const [changed] = await db.query(
        `update monthly_contracts set suspended_at = $2, resume_utc = null, resume_requested = false
         where monthly_contract_id = $1 and suspended_at is not distinct from $3 and resume_utc is not distinct from $4 returning monthly_contract_id`,
        [contractId, suspensionStart(at0, billed), row.suspended_at, row.resume_utc],
      );
      if (!changed) throw new HttpError(409, MONTHLY_CONTRACT_MESSAGES.alreadySuspended);
    },

    /** A suspension not started yet is withdrawn; one in force ends on the next 1st. */
    async resume(uid: string, contractId: number): Promise<void> {
      const row = await ownContract(db, uid, contractId);
      const at0 = now();
      if (isCancelled(row, at0)) throw new HttpError(409, MONTHLY_CONTRACT_MESSAGES.cancelled);
      if (row.suspended_at === null || (row.resume_utc !== null && at(row.resume_utc) <= at0.getTime())) throw new HttpError(409, MONTHLY_CONTRACT_MESSAGES.notSuspended);
      const notStarted = at(row.suspended_at) > at0.getTime();
      const [changed] = await db.query(
        notStarted
          ? `update monthly_contracts set suspended_at = null, resume_utc = null, resume_requested = false
             where monthly_contract_id = $1 and suspended_at = $2 returning monthly_contract_id`
          : `update monthly_contracts set resume_utc = $3, resume_requested = true
             where monthly_contract_id = $1 and suspended_at = $2 returning monthly_contract_id`,
        notStarted ? [contractId, row.suspended_at] : [contractId, row.suspended_at, resumeStart(at0)],
      );
      if (!changed) throw new HttpError(409, MONTHLY_CONTRACT_MESSAGES.notSuspended);
    },

    /** The card future months are charged with ("change card"; the sign-up attaches the first). */
    async attach(uid: string, contractId: number, methodId: number): Promise<void> {
      const row = await ownContract(db, uid, contractId);
      if (isCancelled(row, now())) throw new HttpError(409, MONTHLY_CONTRACT_MESSAGES.cancelled);
      if (!(await findMethod(db, uid, methodId))) throw notFound('The payment method');
      await db.query('update monthly_contracts set customer_payment_method_id = $2 where monthly_contract_id = $1', [contractId, methodId]);
    },

    /**
     * Pays every due month, oldest first, with one of the caller's saved cards; stops at the first
     * decline. Each month is its own payable, so a retry, or the billing job meeting the same month,
     * pays it once.
     */
    async payBalance(user: AuthUser, contractId: number, methodId: number): Promise<BalanceOutcome> {
      await ownContract(db, user.uid, contractId);
      if (!(await findMethod(db, user.uid, methodId))) throw notFound('The payment method');
      const due = duePeriods(await listPeriods(db, [contractId]), now());
      if (due.length === 0) throw new HttpError(409, MONTHLY_CONTRACT_MESSAGES.nothingDue);
      for (const period of due) {
        const outcome = await payments.charge(user, methodId, { systemEntityId: periodEntityId(period.monthly_contract_period_id) });
        if (!outcome.ok) return { ok: false, error: outcome.error, paymentId: outcome.payment.payment_id };
      }
      return { ok: true };
    },

    /** A charge of one of its months is running (the job, a balance payment): GET details answers 202. */
    async isSettling(contractId: number): Promise<boolean> {
      const [row] = await db.query<{ busy: boolean }>(
        `select exists (
           select 1 from monthly_contract_periods p
           left join monthly_billing_charges b on b.monthly_contract_period_id = p.monthly_contract_period_id
           left join payments pay on pay.system_entity_id = 'monthly-period:' || p.monthly_contract_period_id and pay.status = 'processing'
           where p.monthly_contract_id = $1 and p.paid_at is null and ((b.monthly_contract_period_id is not null and b.outcome is null) or pay.payment_id is not null)
         ) as busy`,
        [contractId],
      );
      return row?.busy ?? false;
    },
  };
}
