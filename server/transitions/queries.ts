/** SQL of monthly transitions (migrations/0081_monthly_transitions.sql). */
import type { TransitionBody } from '../../src/contract/monthly-transition.ts';
import type { Db } from '../db/client.ts';
import { insertMonthlyContract } from '../monthly-contracts/queries.ts';

export async function isOwnActiveCard(db: Db, uid: string, customerPaymentMethodId: number): Promise<boolean> {
  const rows = await db.query('select 1 from customer_payment_methods where customer_payment_method_id = $1 and owner_uid = $2 and removed_at is null', [customerPaymentMethodId, uid]);
  return rows.length > 0;
}

export async function isCardTransitioned(db: Db, locationId: number, accessCard: string): Promise<boolean> {
  const rows = await db.query('select 1 from monthly_transitions where location_id = $1 and secom_access_card_number = $2', [locationId, accessCard]);
  return rows.length > 0;
}

export type NewTransition = {
  customerId: number; body: TransitionBody & { customerPaymentMethodId: number }; monthlyRateId: number; amountCents: number; startUtc: Date; now: Date;
};

/**
 * The transition, its monthly reservation and its contract (billed from `startUtc` to the chosen
 * card) in one transaction; undefined when the access card was moved meanwhile (the unique key).
 */
export async function insertTransition(db: Db, input: NewTransition): Promise<{ transitionId: number; monthlyContractId: number } | undefined> {
  const { body } = input;
  const fullName = `${body.form.firstName.trim()} ${body.form.lastName.trim()}`;
  try {
    return await db.transaction(async (tx) => {
      const monthlyContractId = await insertMonthlyContract(tx, {
        customerId: input.customerId, locationId: body.locationId, monthlyRateId: input.monthlyRateId, fullName,
        email: body.transitionEmailAddress.trim(), phoneNumber: body.secomPhoneNumber.trim(),
        form: { ...body.form, fullName, email: body.transitionEmailAddress.trim(), optOutEmails: false, phoneNumber: body.secomPhoneNumber.replace(/\s/g, '') },
        amountCents: input.amountCents, startUtc: input.startUtc, createdAt: input.now, periods: [],
      });
      await tx.query('update monthly_contracts set customer_payment_method_id = $1 where monthly_contract_id = $2', [body.customerPaymentMethodId, monthlyContractId]);
      const [row] = await tx.query<{ monthly_transition_id: number }>(
        `insert into monthly_transitions (customer_id, location_id, secom_access_card_number, secom_phone_number, transition_email_address,
           customer_payment_method_id, monthly_contract_id, form, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9) returning monthly_transition_id`,
        [input.customerId, body.locationId, body.secomAccessCardNumber.trim(), body.secomPhoneNumber.trim(), body.transitionEmailAddress.trim(),
          body.customerPaymentMethodId, monthlyContractId, JSON.stringify(body.form), input.now.toISOString()],
      );
      if (!row) throw new Error('monthly transition was not created');
      return { transitionId: row.monthly_transition_id, monthlyContractId };
    });
  } catch (error: unknown) {
    // 23505 unique_violation: the same access card, sent twice at once; the transaction rolled back.
    if ((error as { code?: string }).code === '23505') return undefined;
    throw error;
  }
}

export type StaffTransitionRow = {
  monthly_transition_id: number; location_number: string; address1: string; secom_access_card_number: string; secom_phone_number: string;
  transition_email_address: string; form: { firstName?: string; lastName?: string; vehicleLicensePlate?: string }; monthly_contract_id: number; created_at: Date;
};

export function listTransitions(db: Db, q: string | undefined): Promise<StaffTransitionRow[]> {
  const term = q ? `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
  return db.query<StaffTransitionRow>(
    `select t.monthly_transition_id, l.location_number, l.address1, t.secom_access_card_number, t.secom_phone_number, t.transition_email_address,
       t.form, t.monthly_contract_id, t.created_at
     from monthly_transitions t join locations l on l.location_id = t.location_id
     where $1::text is null or t.secom_access_card_number ilike $1 or t.transition_email_address ilike $1 or t.secom_phone_number ilike $1
       or l.location_number ilike $1 or (t.form->>'firstName') || ' ' || (t.form->>'lastName') ilike $1 or t.form->>'vehicleLicensePlate' ilike $1
     order by t.created_at desc, t.monthly_transition_id desc limit 500`,
    [term],
  );
}
