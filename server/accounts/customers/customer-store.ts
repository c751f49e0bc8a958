/**
 * SQL of the customers service. A customer row is keyed by the Firebase uid; the identity
 * provider is the authority for the phone (verified there by SMS) and this row mirrors it; the
 * contact email is kept here (verified by our own link), filled from the provider when empty. Other services resolve the caller with
 * `ensureCustomer` and then use `customerId`.
 */
import type { CustomerDetails } from '../../../src/contract/accounts.ts';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../lib/auth.ts';
import type { IdentityAdmin } from './identity-admin.ts';

export type CustomerRow = {
  customer_id: number;
  uid: string;
  phone: string | null;
  email: string | null;
  display_name: string | null;
  accept_marketing_email: boolean;
  accept_marketing_text: boolean;
  email_verified: boolean;
};

const COLUMNS = 'customer_id, uid, phone, email, display_name, accept_marketing_email, accept_marketing_text, email_verified';

export function toCustomerDetails(row: CustomerRow): CustomerDetails {
  return {
    customerId: row.customer_id,
    displayName: row.display_name,
    email: row.email,
    phone: row.phone,
    isEmailVerified: row.email_verified,
    acceptMarketingEmail: row.accept_marketing_email,
    acceptMarketingText: row.accept_marketing_text,
  };
}

export async function findCustomerByUid(db: Db, uid: string): Promise<CustomerRow | undefined> {
  const [row] = await db.query<CustomerRow>(`select ${COLUMNS} from customers where uid = $1`, [uid]);
  return row;
}

export async function findCustomerByPhone(db: Db, phone: string): Promise<CustomerRow | undefined> {
  const [row] = await db.query<CustomerRow>(`select ${COLUMNS} from customers where phone = $1`, [phone]);
  return row;
}

export async function findCustomerByEmail(db: Db, email: string): Promise<CustomerRow | undefined> {
  const [row] = await db.query<CustomerRow>(`select ${COLUMNS} from customers where email = $1 order by customer_id limit 1`, [email.toLowerCase()]);
  return row;
}

/**
 * The caller's customer row, created on the first call from the token's claims and the
 * identity record (display name, verified flag). Phone and email follow the token when they
 * changed at the identity provider since the last call.
 */
export async function ensureCustomer(db: Db, identity: IdentityAdmin, user: AuthUser): Promise<CustomerRow> {
  const existing = await findCustomerByUid(db, user.uid);
  const email = user.email?.toLowerCase() ?? null;
  const phone = user.phoneNumber ?? null;
  if (!existing) {
    const record = await identity.get(user.uid);
    if (phone) await releasePhone(db, phone, user.uid);
    await db.query(
      `insert into customers (uid, phone, email, display_name, email_verified) values ($1, $2, $3, $4, $5)
       on conflict (uid) do nothing`,
      [user.uid, phone, email ?? record?.email ?? null, record?.displayName ?? null, record?.emailVerified ?? false],
    );
    const created = await findCustomerByUid(db, user.uid);
    if (!created) throw new Error(`customer row for ${user.uid} was not created`);
    return created;
  }
  let row = existing;
  if (phone && phone !== row.phone) row = await setCustomerPhone(db, row.customer_id, phone);
  // The contact email is kept here once set (update-email-v2); the token only fills a gap.
  if (email && !row.email) row = await setCustomerEmail(db, row.customer_id, email, false);
  return row;
}

/** A phone belongs to one identity; a stale copy on another customer row is cleared. */
async function releasePhone(db: Db, phone: string, keeperUid: string): Promise<void> {
  await db.query('update customers set phone = null, updated_at = now() where phone = $1 and uid <> $2', [phone, keeperUid]);
}

async function updateReturning(db: Db, sql: string, params: unknown[]): Promise<CustomerRow> {
  const [row] = await db.query<CustomerRow>(`${sql} returning ${COLUMNS}`, params);
  if (!row) throw new Error('customer row disappeared during an update');
  return row;
}

export async function setCustomerPhone(db: Db, customerId: number, phone: string): Promise<CustomerRow> {
  return db.transaction(async (tx) => {
    await tx.query('update customers set phone = null, updated_at = now() where phone = $1 and customer_id <> $2', [phone, customerId]);
    return updateReturning(tx, 'update customers set phone = $2, updated_at = now() where customer_id = $1', [customerId, phone]);
  });
}

export function setCustomerEmail(db: Db, customerId: number, email: string, isVerified: boolean): Promise<CustomerRow> {
  return updateReturning(db, 'update customers set email = $2, email_verified = $3, updated_at = now() where customer_id = $1', [customerId, email.toLowerCase(), isVerified]);
}

export function setCustomerDisplayName(db: Db, customerId: number, displayName: string): Promise<CustomerRow> {
  return updateReturning(db, 'update customers set display_name = $2, updated_at = now() where customer_id = $1', [customerId, displayName]);
}

export function setCustomerEmailVerified(db: Db, customerId: number): Promise<CustomerRow> {
  return updateReturning(db, 'update customers set email_verified = true, updated_at = now() where customer_id = $1', [customerId]);
}

export function setMarketingPrefs(db: Db, customerId: number, prefs: { acceptMarketingEmail: boolean; acceptMarketingText: boolean }): Promise<CustomerRow> {
  return updateReturning(
    db,
    'update customers set accept_marketing_email = $2, accept_marketing_text = $3, updated_at = now() where customer_id = $1',
    [customerId, prefs.acceptMarketingEmail, prefs.acceptMarketingText],
  );
}

export async function recordServiceRequest(db: Db, request: { kind: 'contact-csc' | 'duplicate-account'; email: string; phone: string; customerId: number | null }): Promise<void> {
  await db.query('insert into customer_service_requests (kind, email, phone, customer_id) values ($1, $2, $3, $4)', [
    request.kind,
    request.email,
    request.phone,
    request.customerId,
  ]);
}
