/**
 * A contract period is what a monthly card payment pays: systemEntityId "monthly-period:<id>".
 * The billing job, the balance payment (POST monthly-contracts/{id}/payment) and the sign-up's
 * first month all pay through the payment service with this payable, so the payments table's
 * "one open, one succeeded payment per payable" indexes make a month paid at most once, whichever
 * of them gets there first.
 */
import type { Db } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import { registerPayable } from '../payments/payables.ts';

export const PERIOD_PAYABLE_KIND = 'monthly-period';
export const periodEntityId = (periodId: number) => `${PERIOD_PAYABLE_KIND}:${periodId}`;

type PayablePeriod = { amount_cents: number; paid_at: Date | null; start_utc: Date; address1: string; location_number: string; kind: string };

async function findPeriodOfUid(db: Db, periodId: number, uid: string): Promise<PayablePeriod | undefined> {
  const [row] = await db.query<PayablePeriod>(
    `select p.amount_cents, p.paid_at, p.start_utc, p.kind, l.address1, l.location_number
     from monthly_contract_periods p
     join monthly_contracts mc on mc.monthly_contract_id = p.monthly_contract_id
     join monthly_reservations r on r.monthly_reservation_id = mc.monthly_reservation_id
     join locations l on l.location_id = r.location_id
     join customers c on c.customer_id = mc.customer_id
     where p.monthly_contract_period_id = $1 and c.uid = $2`,
    [periodId, uid],
  );
  return row;
}

const monthName = (start: Date) => start.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'America/New_York' });

export function registerMonthlyPeriodPayable(): void {
  registerPayable(PERIOD_PAYABLE_KIND, {
    async resolve(entityId, uid, { db }) {
      const period = /^\d{1,9}$/.test(entityId) ? await findPeriodOfUid(db, Number(entityId), uid) : undefined;
      if (!period) throw new HttpError(404, 'The monthly contract period was not found.');
      if (period.paid_at !== null || period.amount_cents === 0) throw new HttpError(409, 'This month is already paid.');
      const what = period.kind === 'prorated' ? 'first month (prorated) and service fee' : monthName(period.start_utc);
      // The receipt names the garage as the driver knows it: its address and lot number (issue 38 item 10).
      return { amountCents: period.amount_cents, description: `Monthly parking, ${period.address1} (lot ${period.location_number}): ${what}` };
    },
    // Runs in the payment's own "succeeded" transaction; idempotent (only an unpaid period changes).
    async onPaid(entityId, payment, { db, now }) {
      await db.query(
        'update monthly_contract_periods set paid_at = $2, payment_id = $3 where monthly_contract_period_id = $1 and paid_at is null',
        [Number(entityId), now(), payment.paymentId],
      );
      // A contract without a card (a new sign-up) is billed on the 1st with the saved card that
      // paid it; an unsaved card leaves it without one (the sign-up then asks for a card to attach).
      await db.query(
        `update monthly_contracts mc set customer_payment_method_id = pay.customer_payment_method_id
         from monthly_contract_periods p, payments pay
         where p.monthly_contract_period_id = $1 and mc.monthly_contract_id = p.monthly_contract_id and pay.payment_id = $2
           and mc.customer_payment_method_id is null and pay.customer_payment_method_id is not null`,
        [Number(entityId), payment.paymentId],
      );
    },
  });
}
