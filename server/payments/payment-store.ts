/**
 * SQL for payments, saved cards and provider customers (tables in 0031_payments.sql). Reads are
 * scoped by the owner's uid, so another customer's payment or card is simply "not found".
 */
import type { Payment, PaymentStatus, SavedPaymentMethod } from '../../src/contract/payments.ts';
import type { Db } from '../db/client.ts';
import { countPayment } from '../lib/metrics.ts';

export type PaymentRow = {
  payment_id: number;
  owner_uid: string;
  system_entity_id: string;
  description: string;
  amount_cents: number;
  currency: string;
  status: PaymentStatus;
  provider_intent_id: string | null;
  client_secret: string | null;
  save_payment_method: boolean;
  customer_payment_method_id: number | null;
  card_brand: string | null;
  card_last4: string | null;
  failure_code: string | null;
  failure_message: string | null;
  created_at: Date;
  updated_at: Date;
  succeeded_at: Date | null;
};

export type MethodRow = {
  customer_payment_method_id: number;
  owner_uid: string;
  provider_payment_method_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
};

export const OPEN_STATUSES: readonly PaymentStatus[] = ['requires_payment_method', 'processing', 'succeeded'];
/** OPEN_STATUSES as SQL: written into the statement, so its generic plan still matches payments_one_open_per_payable's predicate. */
const OPEN_STATUSES_SQL = OPEN_STATUSES.map((status) => `'${status}'`).join(', ');
const SETTLED: readonly PaymentStatus[] = ['succeeded', 'failed', 'canceled'];

export const isSettled = (status: PaymentStatus) => SETTLED.includes(status);

export function toPayment(row: PaymentRow): Payment {
  return {
    paymentId: row.payment_id,
    systemEntityId: row.system_entity_id,
    status: row.status,
    isSettled: isSettled(row.status),
    amountCents: row.amount_cents,
    amount: row.amount_cents / 100,
    currency: row.currency,
    description: row.description,
    customerPaymentMethodId: row.customer_payment_method_id,
    paymentMethodName: row.card_brand,
    paymentMethodLast4: row.card_last4,
    failureMessage: row.failure_message,
    createdUtc: new Date(row.created_at).toISOString(),
    succeededUtc: row.succeeded_at ? new Date(row.succeeded_at).toISOString() : null,
  };
}

export function toSavedMethod(row: MethodRow): SavedPaymentMethod {
  return {
    customerPaymentMethodId: row.customer_payment_method_id,
    paymentMethodName: row.brand,
    paymentMethodLast4: row.last4,
    paymentMethodExpiryMonth: row.exp_month,
    paymentMethodExpiryYear: row.exp_year,
    isDefault: row.is_default,
  };
}

/**
 * A payment row's columns and a saved card's, named rather than `*` so the statements that read
 * them are prepared (decision 0124: a prepared `select *` breaks when a migration adds a column
 * under a running release). server/payments/row-columns.api.test.ts keeps them the tables' own.
 */
export const PAYMENT_COLUMNS = [
  'payment_id', 'owner_uid', 'system_entity_id', 'description', 'amount_cents', 'currency', 'status', 'provider', 'provider_intent_id', 'client_secret',
  'save_payment_method', 'customer_payment_method_id', 'card_brand', 'card_last4', 'failure_code', 'failure_message', 'created_at', 'updated_at', 'succeeded_at',
] as const;
export const METHOD_COLUMNS = [
  'customer_payment_method_id', 'owner_uid', 'provider_payment_method_id', 'brand', 'last4', 'exp_month', 'exp_year', 'is_default', 'created_at', 'removed_at',
] as const;
/** For SQL: `select ${PAYMENT} from payments …`, `returning ${PAYMENT}`. */
export const PAYMENT = PAYMENT_COLUMNS.join(', ');
export const METHOD = METHOD_COLUMNS.join(', ');

export async function findPayment(db: Db, ownerUid: string, paymentId: number): Promise<PaymentRow | undefined> {
  const [row] = await db.query<PaymentRow>(`select ${PAYMENT} from payments where payment_id = $1 and owner_uid = $2`, [paymentId, ownerUid]);
  return row;
}

export async function findPaymentById(db: Db, paymentId: number, lock = false): Promise<PaymentRow | undefined> {
  const [row] = await db.query<PaymentRow>(`select ${PAYMENT} from payments where payment_id = $1${lock ? ' for update' : ''}`, [paymentId]);
  return row;
}

export async function findPaymentByIntent(db: Db, providerIntentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.query<PaymentRow>(`select ${PAYMENT} from payments where provider_intent_id = $1`, [providerIntentId]);
  return row;
}

/** The open (waiting, processing or paid) payment of a payable, locked for the transaction. */
export async function findOpenPayment(tx: Db, systemEntityId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.query<PaymentRow>(
    // The statuses are in the text, not a parameter: a prepared statement's generic plan cannot
    // prove `status = any($2)` implies the partial unique index's predicate, and scanned payments.
    `select ${PAYMENT} from payments where system_entity_id = $1 and status in (${OPEN_STATUSES_SQL}) for update`,
    [systemEntityId],
  );
  return row;
}

/** The succeeded payment of a payable, if any: what other services ask ("is this ticket paid?"). */
export async function findSucceededPayment(db: Db, systemEntityId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.query<PaymentRow>(`select ${PAYMENT} from payments where system_entity_id = $1 and status = 'succeeded'`, [systemEntityId]);
  return row;
}

/**
 * Every succeeded payment of a payable and its numbered follow-ups (`<id>`, `<id>.2`, `<id>.3`…),
 * oldest first: a ticket paid again after overstaying has one payable per balance. The range in
 * byte order (`<id>` ≤ id < `<id>/`, '/' follows '.') is one scan of payments_succeeded_by_entity
 * (migration 0095), not a LIKE over every payment; the exact test then drops `<id>-x` and the like.
 */
export async function listSucceededPayments(db: Db, systemEntityId: string): Promise<PaymentRow[]> {
  return db.query<PaymentRow>(
    `select ${PAYMENT} from payments
     where status = 'succeeded' and system_entity_id collate "C" >= $1 and system_entity_id collate "C" < $1 || '/'
       and (system_entity_id = $1 or starts_with(system_entity_id, $1 || '.'))
     order by succeeded_at, payment_id`,
    [systemEntityId],
  );
}

/** A payment to insert: the attempt's payer, payable, amount, first status and (for a saved card) the card. */
export type NewPayment = { ownerUid: string; systemEntityId: string; description: string; amountCents: number; status: PaymentStatus; provider: string; savePaymentMethod: boolean; method?: MethodRow; now: Date };

/** The columns a new payment sets, in the order of newPaymentValues ($1…$11; created_at and updated_at are both $11). */
const NEW_PAYMENT_COLUMNS = `owner_uid, system_entity_id, description, amount_cents, status, provider, save_payment_method,
  customer_payment_method_id, card_brand, card_last4, created_at, updated_at`;

const newPaymentValues = (input: NewPayment): unknown[] => [
  input.ownerUid, input.systemEntityId, input.description, input.amountCents, input.status, input.provider, input.savePaymentMethod,
  input.method?.customer_payment_method_id ?? null, input.method?.brand ?? null, input.method?.last4 ?? null, input.now,
];

export async function insertPayment(tx: Db, input: NewPayment): Promise<PaymentRow> {
  const [row] = await tx.query<PaymentRow>(
    `insert into payments (${NEW_PAYMENT_COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) returning ${PAYMENT}`,
    newPaymentValues(input),
  );
  if (!row) throw new Error('insert into payments returned no row');
  return row;
}

/**
 * Claims a payable in one statement: its open payment (locked while the statement runs, so a
 * transaction settling it is waited for, as `findOpenPayment` reads it), or else `fresh` inserted.
 * One round trip instead of a transaction's four, on every charge. Two requests racing to insert
 * meet payments_one_open_per_payable: the later one fails with 23505, as the insert alone would.
 */
export async function openOrInsertPayment(db: Db, fresh: NewPayment): Promise<{ row: PaymentRow; isCreated: boolean }> {
  const [row] = await db.query<PaymentRow & { is_created: boolean }>(
    `with open as (
       select ${PAYMENT} from payments where system_entity_id = $2 and status in (${OPEN_STATUSES_SQL}) for update
     ), created as (
       insert into payments (${NEW_PAYMENT_COLUMNS})
       select $1::text, $2::text, $3::text, $4::integer, $5::text, $6::text, $7::boolean, $8::integer, $9::text, $10::text, $11::timestamptz, $11::timestamptz
       where not exists (select from open)
       returning ${PAYMENT}
     )
     select false as is_created, * from open
     union all
     select true as is_created, * from created`,
    newPaymentValues(fresh),
  );
  if (!row) throw new Error('claiming a payable returned no row');
  const { is_created: isCreated, ...payment } = row;
  return { row: payment, isCreated };
}

type PaymentChanges = Partial<Pick<PaymentRow,
  'status' | 'provider_intent_id' | 'client_secret' | 'amount_cents' | 'description' | 'save_payment_method' | 'customer_payment_method_id' |
  'card_brand' | 'card_last4' | 'failure_code' | 'failure_message' | 'succeeded_at'>>;

/** Updates the named columns; `onlyIfStatus` makes it a compare-and-set on the status. */
export async function updatePayment(db: Db, paymentId: number, changes: PaymentChanges, now: Date, onlyIfStatus?: readonly PaymentStatus[]): Promise<PaymentRow | undefined> {
  const entries = Object.entries(changes);
  const sets = entries.map(([column], index) => `${column} = $${index + 3}`);
  const guard = onlyIfStatus ? ` and status = any($${entries.length + 3}::text[])` : '';
  const [row] = await db.query<PaymentRow>(
    `update payments set ${[...sets, 'updated_at = $2'].join(', ')} where payment_id = $1${guard} returning ${PAYMENT}`,
    [paymentId, now, ...entries.map(([, value]) => value), ...(onlyIfStatus ? [onlyIfStatus] : [])],
  );
  if (row && changes.status && isSettled(changes.status)) countPayment(changes.status); // parkfair_payments_total by outcome
  return row;
}

/**
 * The owner's succeeded payments, newest first, along payments_history_by_owner (migration 0095).
 * After a payment id (the previous page's last entry) the page starts right after it: keyset, as
 * cheap on page 400 as on page 1; its timestamp is read from the row, so microseconds the JSON
 * does not carry cannot skip or repeat an entry. Without one, `offset` rows are skipped along the
 * same index (the client's numbered pages).
 */
export async function listPayments(db: Db, ownerUid: string, offset: number, count: number, afterPaymentId?: number): Promise<{ rows: PaymentRow[]; total: number }> {
  const rows = afterPaymentId !== undefined
    ? await db.query<PaymentRow>(
        `select ${PAYMENT} from payments where owner_uid = $1 and status = 'succeeded'
           and (succeeded_at, payment_id) < (select succeeded_at, payment_id from payments where payment_id = $2 and owner_uid = $1 and status = 'succeeded')
         order by succeeded_at desc, payment_id desc limit $3`,
        [ownerUid, afterPaymentId, count],
      )
    : await db.query<PaymentRow>(
        `select ${PAYMENT} from payments where owner_uid = $1 and status = 'succeeded' order by succeeded_at desc, payment_id desc offset $2 limit $3`,
        [ownerUid, offset, count],
      );
  const [row] = await db.query<{ n: number }>(`select count(*)::int as n from payments where owner_uid = $1 and status = 'succeeded'`, [ownerUid]);
  return { rows, total: row?.n ?? 0 };
}

export async function findProviderCustomer(db: Db, ownerUid: string): Promise<string | undefined> {
  const [row] = await db.query<{ provider_customer_id: string }>('select provider_customer_id from payment_customers where owner_uid = $1', [ownerUid]);
  return row?.provider_customer_id;
}

/** Records the provider customer unless another request got there first; answers the winner. */
export async function saveProviderCustomer(db: Db, ownerUid: string, provider: string, customerId: string, now: Date): Promise<string> {
  await db.query(
    `insert into payment_customers (owner_uid, provider, provider_customer_id, created_at) values ($1, $2, $3, $4) on conflict (owner_uid) do nothing`,
    [ownerUid, provider, customerId, now],
  );
  const saved = await findProviderCustomer(db, ownerUid);
  if (!saved) throw new Error('payment customer vanished');
  return saved;
}

export async function listMethods(db: Db, ownerUid: string): Promise<MethodRow[]> {
  return db.query<MethodRow>(
    `select ${METHOD} from customer_payment_methods where owner_uid = $1 and removed_at is null
     order by is_default desc, created_at desc, customer_payment_method_id desc`,
    [ownerUid],
  );
}

export async function findMethod(db: Db, ownerUid: string, methodId: number): Promise<MethodRow | undefined> {
  const [row] = await db.query<MethodRow>(
    `select ${METHOD} from customer_payment_methods where customer_payment_method_id = $1 and owner_uid = $2 and removed_at is null`,
    [methodId, ownerUid],
  );
  return row;
}

/** A saved card with its owner's customer at the processor (null: none yet). */
export type MethodWithCustomer = MethodRow & { provider_customer_id: string | null };
const METHOD_OF_M = METHOD_COLUMNS.map((column) => `m.${column}`).join(', ');

/** The card to charge and, in the same read, the owner's customer at the processor. */
export async function findMethodAndCustomer(db: Db, ownerUid: string, methodId: number): Promise<MethodWithCustomer | undefined> {
  const [row] = await db.query<MethodWithCustomer>(
    `select ${METHOD_OF_M}, pc.provider_customer_id
     from customer_payment_methods m left join payment_customers pc on pc.owner_uid = m.owner_uid
     where m.customer_payment_method_id = $1 and m.owner_uid = $2 and m.removed_at is null`,
    [methodId, ownerUid],
  );
  return row;
}

/**
 * Saves a card on the account (idempotent per provider card); the first card becomes the default.
 * Runs in a transaction so two completions of one setup cannot both insert.
 */
export async function saveMethod(
  db: Db,
  ownerUid: string,
  card: { paymentMethodId: string; brand: string; last4: string; expMonth: number; expYear: number },
  now: Date,
): Promise<MethodRow> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`payment-methods:${ownerUid}`]);
    const [existing] = await tx.query<MethodRow>(
      `select ${METHOD} from customer_payment_methods where provider_payment_method_id = $1 and removed_at is null`,
      [card.paymentMethodId],
    );
    if (existing) {
      if (existing.owner_uid !== ownerUid) throw new Error('provider card belongs to another owner');
      return existing;
    }
    const [defaults] = await tx.query<{ n: number }>(
      'select count(*)::int as n from customer_payment_methods where owner_uid = $1 and is_default and removed_at is null',
      [ownerUid],
    );
    const [row] = await tx.query<MethodRow>(
      `insert into customer_payment_methods (owner_uid, provider_payment_method_id, brand, last4, exp_month, exp_year, is_default, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${METHOD}`,
      [ownerUid, card.paymentMethodId, card.brand, card.last4, card.expMonth, card.expYear, (defaults?.n ?? 0) === 0, now],
    );
    if (!row) throw new Error('insert into customer_payment_methods returned no row');
    return row;
  });
}

export async function setDefaultMethod(db: Db, ownerUid: string, methodId: number): Promise<MethodRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`payment-methods:${ownerUid}`]);
    if (!(await findMethod(tx, ownerUid, methodId))) return undefined;
    await tx.query('update customer_payment_methods set is_default = false where owner_uid = $1 and is_default', [ownerUid]);
    const [row] = await tx.query<MethodRow>(
      `update customer_payment_methods set is_default = true where customer_payment_method_id = $1 returning ${METHOD}`,
      [methodId],
    );
    return row;
  });
}

/** Removes a card; if it was the default, the newest remaining card takes its place. */
export async function removeMethod(db: Db, ownerUid: string, methodId: number, now: Date): Promise<MethodRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`payment-methods:${ownerUid}`]);
    const [removed] = await tx.query<MethodRow>(
      `update customer_payment_methods set removed_at = $3, is_default = false
       where customer_payment_method_id = $1 and owner_uid = $2 and removed_at is null returning ${METHOD}`,
      [methodId, ownerUid, now],
    );
    if (!removed) return undefined;
    await tx.query(
      `update customer_payment_methods set is_default = true where customer_payment_method_id = (
         select customer_payment_method_id from customer_payment_methods
         where owner_uid = $1 and removed_at is null order by created_at desc, customer_payment_method_id desc limit 1)
       and not exists (select 1 from customer_payment_methods where owner_uid = $1 and removed_at is null and is_default)`,
      [ownerUid],
    );
    return removed;
  });
}
