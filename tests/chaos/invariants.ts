/**
 * What must hold for money and parking records after any crash, checked on the database itself
 * (ParkFair's tables and the built-in test processor's, which stand for what Stripe holds):
 * - no payable charged twice: at most one succeeded processor intent per payable;
 * - no charge without its record: every succeeded processor intent is a succeeded payment row
 *   for the same amount, and every succeeded card payment of a ticket is on the ticket;
 * - nothing left in flight once the server is back: no payment "processing", no payment waiting
 *   on an intent it never got (that would block its ticket), no Idempotency-Key stuck "running";
 * - no enrolled card without its record: a card the processor attached through a setup is saved;
 * - nothing a client was told is lost: acknowledged tickets, payments and cards exist.
 * Each anomaly has a stable key so one seen again in a later round is counted once.
 */
import type { Db } from '../../server/db/client.ts';

export type Acknowledged =
  | { kind: 'ticket-created'; ticketNumber: string }
  | { kind: 'payment-succeeded'; paymentId: number; systemEntityId: string }
  | { kind: 'processor-charged'; paymentId: number; systemEntityId: string }
  | { kind: 'card-saved'; customerPaymentMethodId: number };

export type Anomaly = { key: string; kind: string; detail: string };

export async function checkInvariants(db: Db, acknowledged: readonly Acknowledged[]): Promise<Anomaly[]> {
  const anomalies: Anomaly[] = [];
  const add = (kind: string, id: string | number, detail: string) => anomalies.push({ key: `${kind}:${id}`, kind, detail });

  const twice = await db.query<{ system_entity_id: string; intents: number }>(
    `select p.system_entity_id, count(distinct i.intent_id)::int as intents
     from test_processor_intents i
     join payments p on p.provider_intent_id = i.intent_id or i.idempotency_key = 'parkfair-payment-' || p.payment_id
     where i.kind = 'payment' and i.status = 'succeeded'
     group by p.system_entity_id having count(distinct i.intent_id) > 1`,
  );
  for (const row of twice) add('charged-twice', row.system_entity_id, `${row.intents} succeeded processor charges for ${row.system_entity_id}`);

  const unrecorded = await db.query<{ intent_id: string; amount_cents: number }>(
    `select i.intent_id, i.amount_cents from test_processor_intents i
     where i.kind = 'payment' and i.status = 'succeeded'
       and not exists (select 1 from payments p where p.provider_intent_id = i.intent_id and p.status = 'succeeded' and p.amount_cents = i.amount_cents)`,
  );
  for (const row of unrecorded) add('charge-without-record', row.intent_id, `processor charged ${row.amount_cents} cents on ${row.intent_id}, no succeeded payment records it`);

  const offTicket = await db.query<{ payment_id: number; system_entity_id: string }>(
    `select p.payment_id, p.system_entity_id from payments p
     where p.status = 'succeeded' and p.system_entity_id like 'ticket:%'
       and not exists (select 1 from ticket_events e where e.payment_id = p.payment_id)`,
  );
  for (const row of offTicket) add('paid-ticket-not-marked', row.payment_id, `payment ${row.payment_id} succeeded, ${row.system_entity_id} does not show it`);

  const inFlight = await db.query<{ payment_id: number; status: string }>(
    `select payment_id, status from payments
     where status = 'processing' or (status = 'requires_payment_method' and provider_intent_id is null)`,
  );
  for (const row of inFlight) add('payment-left-in-flight', row.payment_id, `payment ${row.payment_id} still ${row.status}${row.status === 'processing' ? '' : ' with no processor intent (its payable is blocked)'}`);

  const stuckKeys = await db.query<{ idempotency_key: string }>(`select idempotency_key from idempotency_keys where state = 'running'`);
  for (const row of stuckKeys) add('idempotency-key-stuck', row.idempotency_key, `Idempotency-Key ${row.idempotency_key} stays "running": its retries answer 409 for 24 h`);

  const unsavedCards = await db.query<{ intent_id: string }>(
    `select i.intent_id from test_processor_intents i
     where i.kind = 'setup' and i.status = 'succeeded'
       and not exists (select 1 from customer_payment_methods m where m.provider_payment_method_id = i.payment_method_id)`,
  );
  for (const row of unsavedCards) add('card-enrolled-without-record', row.intent_id, `setup ${row.intent_id} attached a card the account does not list`);

  for (const ack of acknowledged) {
    if (ack.kind === 'ticket-created') {
      const [row] = await db.query('select 1 from garage_tickets where ticket_number = $1', [ack.ticketNumber]);
      if (!row) add('acknowledged-ticket-lost', ack.ticketNumber, `ticket ${ack.ticketNumber} was answered 201, then lost`);
    } else if (ack.kind === 'card-saved') {
      const [row] = await db.query('select 1 from customer_payment_methods where customer_payment_method_id = $1 and removed_at is null', [ack.customerPaymentMethodId]);
      if (!row) add('acknowledged-card-lost', ack.customerPaymentMethodId, `saved card ${ack.customerPaymentMethodId} was answered, then lost`);
    } else {
      const [row] = await db.query<{ status: string }>('select status from payments where payment_id = $1', [ack.paymentId]);
      if (row?.status !== 'succeeded') {
        const what = ack.kind === 'processor-charged' ? 'was confirmed at the processor' : 'was answered as paid';
        add('acknowledged-payment-lost', ack.paymentId, `payment ${ack.paymentId} (${ack.systemEntityId}) ${what}, now ${row?.status ?? 'missing'}`);
      }
    }
  }
  return anomalies;
}
