/**
 * Validating merchants, the codes they issue and the log of issues and redemptions (migration
 * 0091). The rules live here so the API and the CLI apply the same ones: a merchant validates
 * only at its own garages; a code is valid 24 hours from issue; a code is spent by one ticket,
 * through a conditional update, so two tickets racing for one code get one success.
 */
import type { Db } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import { formatMoney } from '../rates/money.ts';
import { findTicketByNumber, isUniqueViolation } from '../parking-system/ticket-store.ts';
import { TICKET_SERVICE_MESSAGES } from '../tickets/messages.ts';
import { hashMerchantKey, newMerchantKey, newValidationCode } from './codes.ts';

export const VALUE_TYPES = ['FULL', 'PERCENT', 'AMOUNT', 'HOURS'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];
/** `value`: 100 for FULL, a percent for PERCENT, cents for AMOUNT, hours for HOURS. */
export type ValidationValue = { valueType: ValueType; value: number };

/** How long an issued code can be redeemed: a day, so a customer validated at dinner can still leave after midnight. */
export const CODE_LIFETIME_HOURS = 24;
const HOUR_MS = 3_600_000;

export type MerchantRow = {
  merchant_id: number;
  name: string;
  location_ids: number[];
  value_type: ValueType;
  value: number;
  has_key: boolean;
  is_active: boolean;
  created_by: string;
  created_at: Date;
};

export type CodeRow = {
  code: string;
  merchant_id: number;
  merchant_name: string;
  is_merchant_active: boolean;
  location_ids: number[];
  ticket_id: number | null;
  ticket_number: string | null;
  value_type: ValueType;
  value: number;
  issued_by: string;
  issued_at: Date;
  expires_at: Date;
  redeemed_ticket_id: number | null;
  redeemed_ticket_number: string | null;
  redeemed_by: string | null;
  redeemed_at: Date | null;
  redeemed_amount_cents: number | null;
};

const MERCHANT_SELECT = `select merchant_id, name, location_ids, value_type, value, api_key_hash is not null as has_key, is_active, created_by, created_at from validation_merchants`;
const CODE_SELECT = `
  select c.code, c.merchant_id, m.name as merchant_name, m.is_active as is_merchant_active, c.location_ids, c.ticket_id, bound.ticket_number,
    c.value_type, c.value, c.issued_by, c.issued_at, c.expires_at, c.redeemed_ticket_id, used.ticket_number as redeemed_ticket_number,
    c.redeemed_by, c.redeemed_at,
    (select e.amount_cents from validation_events e where e.code = c.code and e.kind = 'redeem' order by e.event_id limit 1) as redeemed_amount_cents
  from validation_codes c
  join validation_merchants m on m.merchant_id = c.merchant_id
  left join garage_tickets bound on bound.ticket_id = c.ticket_id
  left join garage_tickets used on used.ticket_id = c.redeemed_ticket_id`;

/** "Full stay", "50% off", "$5.00 off", "First 2 hours free". */
export function describeValue({ valueType, value }: ValidationValue): string {
  if (valueType === 'FULL') return 'Full stay';
  if (valueType === 'PERCENT') return `${value}% off`;
  if (valueType === 'AMOUNT') return `${formatMoney(value)} off`;
  return `First ${value} hour${value === 1 ? '' : 's'} free`;
}

export async function createMerchant(
  db: Db,
  input: { name: string; locationIds: number[]; value: ValidationValue },
  actor: string,
  now: Date,
): Promise<{ merchant: MerchantRow; apiKey: string }> {
  const locationIds = [...new Set(input.locationIds)].sort((a, b) => a - b);
  const known = await db.query<{ location_id: number }>('select location_id from locations where location_id = any($1::int[])', [locationIds]);
  const missing = locationIds.filter((id) => !known.some((row) => row.location_id === id));
  if (missing.length > 0) throw new HttpError(400, `No garage has the location id ${missing.join(', ')}.`);
  const apiKey = newMerchantKey();
  const [row] = await db.query<{ merchant_id: number }>(
    `insert into validation_merchants (name, location_ids, value_type, value, api_key_hash, created_by, created_at)
     values ($1, $2::int[], $3, $4, $5, $6, $7) returning merchant_id`,
    [input.name, locationIds, input.value.valueType, input.value.valueType === 'FULL' ? 100 : input.value.value, hashMerchantKey(apiKey), actor, now.toISOString()],
  );
  return { merchant: await requireMerchant(db, row?.merchant_id ?? 0), apiKey };
}

export async function findMerchant(db: Db, merchantId: number): Promise<MerchantRow | undefined> {
  const [row] = await db.query<MerchantRow>(`${MERCHANT_SELECT} where merchant_id = $1`, [merchantId]);
  return row;
}

export async function requireMerchant(db: Db, merchantId: number): Promise<MerchantRow> {
  const found = await findMerchant(db, merchantId);
  if (!found) throw new HttpError(404, `Merchant ${merchantId} was not found.`);
  return found;
}

/** The active merchant holding this key, if any (looked up by the key's hash). */
export async function findMerchantByKey(db: Db, key: string): Promise<MerchantRow | undefined> {
  const [row] = await db.query<MerchantRow>(`${MERCHANT_SELECT} where api_key_hash = $1 and is_active`, [hashMerchantKey(key)]);
  return row;
}

export function listMerchants(db: Db): Promise<MerchantRow[]> {
  return db.query<MerchantRow>(`${MERCHANT_SELECT} order by merchant_id`);
}

/** A new key for the merchant; the old one stops working at once. */
export async function rotateMerchantKey(db: Db, merchantId: number): Promise<{ merchant: MerchantRow; apiKey: string }> {
  const apiKey = newMerchantKey();
  const updated = await db.query('update validation_merchants set api_key_hash = $2 where merchant_id = $1 returning merchant_id', [merchantId, hashMerchantKey(apiKey)]);
  if (updated.length === 0) throw new HttpError(404, `Merchant ${merchantId} was not found.`);
  return { merchant: await requireMerchant(db, merchantId), apiKey };
}

/** Stops a merchant: its key no longer works and its unredeemed codes are no longer accepted. */
export async function disableMerchant(db: Db, merchantId: number): Promise<MerchantRow> {
  const updated = await db.query('update validation_merchants set is_active = false where merchant_id = $1 returning merchant_id', [merchantId]);
  if (updated.length === 0) throw new HttpError(404, `Merchant ${merchantId} was not found.`);
  return requireMerchant(db, merchantId);
}

/**
 * Issues one code for a merchant: bound to a ticket when the shop names one (only at the
 * merchant's garages, not after the car left), else usable at one of its garages or any of them.
 */
export async function issueCode(
  db: Db,
  merchant: MerchantRow,
  input: { ticketNumber?: string | undefined; locationId?: number | undefined },
  actor: string,
  now: Date,
): Promise<CodeRow> {
  if (!merchant.is_active) throw new HttpError(403, `${merchant.name} can no longer validate parking.`);
  const notHere = () => new HttpError(403, `${merchant.name} does not validate parking at this garage.`);
  let locationIds = merchant.location_ids;
  let ticketId: number | null = null;
  if (input.ticketNumber !== undefined) {
    const ticket = await findTicketByNumber(db, input.ticketNumber);
    if (!ticket) throw new HttpError(404, `Ticket ${input.ticketNumber} was not found.`);
    if (!merchant.location_ids.includes(ticket.location_id)) throw notHere();
    if (input.locationId !== undefined && input.locationId !== ticket.location_id) throw new HttpError(400, `Ticket ${input.ticketNumber} is not at location ${input.locationId}.`);
    if (ticket.status === 'exited') throw new HttpError(409, TICKET_SERVICE_MESSAGES.exited);
    locationIds = [ticket.location_id];
    ticketId = ticket.ticket_id;
  } else if (input.locationId !== undefined) {
    if (!merchant.location_ids.includes(input.locationId)) throw notHere();
    locationIds = [input.locationId];
  }
  const expiresAt = new Date(now.getTime() + CODE_LIFETIME_HOURS * HOUR_MS);
  for (let attempt = 0; ; attempt += 1) {
    const code = newValidationCode();
    try {
      await db.transaction(async (tx) => {
        await tx.query(
          `insert into validation_codes (code, merchant_id, location_ids, ticket_id, value_type, value, issued_by, issued_at, expires_at)
           values ($1, $2, $3::int[], $4, $5, $6, $7, $8, $9)`,
          [code, merchant.merchant_id, locationIds, ticketId, merchant.value_type, merchant.value, actor, now.toISOString(), expiresAt.toISOString()],
        );
        await tx.query(
          `insert into validation_events (code, merchant_id, kind, actor, ticket_id, occurred_at) values ($1, $2, 'issue', $3, $4, $5)`,
          [code, merchant.merchant_id, actor, ticketId, now.toISOString()],
        );
      });
      return (await findCode(db, code)) as CodeRow;
    } catch (error: unknown) {
      // 80 random bits: a collision is all but impossible, but it must not become a 500.
      if (!isUniqueViolation(error) || attempt >= 2) throw error;
    }
  }
}

export async function findCode(db: Db, code: string): Promise<CodeRow | undefined> {
  const [row] = await db.query<CodeRow>(`${CODE_SELECT} where c.code = $1`, [code]);
  return row;
}

/**
 * Spends the code on this ticket, in the caller's transaction: only if nobody has, it has not
 * expired, it is for this ticket (or any) at this garage and its merchant is still active.
 * Anything else here is a lost race (the checks before it passed), so it reads as "already used".
 */
export async function redeemCode(
  tx: Db,
  redemption: { code: string; ticketId: number; locationId: number; actor: string; amountCents: number; now: Date },
): Promise<void> {
  const { code, ticketId, locationId, actor, amountCents, now } = redemption;
  const [spent] = await tx.query<{ merchant_id: number }>(
    `update validation_codes c set redeemed_ticket_id = $2, redeemed_by = $4, redeemed_at = $5
     from validation_merchants m
     where c.code = $1 and m.merchant_id = c.merchant_id and m.is_active
       and c.redeemed_ticket_id is null and c.expires_at > $5 and (c.ticket_id is null or c.ticket_id = $2) and $3 = any(c.location_ids)
     returning c.merchant_id`,
    [code, ticketId, locationId, actor, now.toISOString()],
  );
  if (!spent) throw new HttpError(409, validationMessages.used(code));
  await tx.query(
    `insert into validation_events (code, merchant_id, kind, actor, ticket_id, amount_cents, occurred_at) values ($1, $2, 'redeem', $3, $4, $5, $6)`,
    [code, spent.merchant_id, actor, ticketId, amountCents, now.toISOString()],
  );
}

/** The latest codes (newest first), of one merchant or all, with who spent them on which ticket and for how much. */
export function listCodes(db: Db, merchantId: number | undefined, limit = 200): Promise<CodeRow[]> {
  return merchantId === undefined
    ? db.query<CodeRow>(`${CODE_SELECT} order by c.issued_at desc, c.code limit $1`, [limit])
    : db.query<CodeRow>(`${CODE_SELECT} where c.merchant_id = $1 order by c.issued_at desc, c.code limit $2`, [merchantId, limit]);
}

const formatNewYork = (date: Date) =>
  date.toLocaleString('en-US', { timeZone: 'America/New_York', month: '2-digit', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** What the driver is told; "not valid" is the promotions' own text, so an unissued code reads like any unknown coupon. */
export const validationMessages = {
  notValid: (code: string) => `The coupon code ${code} is not valid.`,
  used: (code: string) => `The coupon code ${code} has already been used.`,
  otherTicket: (code: string) => `The coupon code ${code} was issued for another ticket.`,
  otherGarage: (code: string) => `The coupon code ${code} is not valid at this location.`,
  expired: (code: string, at: Date) => `The coupon code ${code} expired on ${formatNewYork(at)}.`,
  notOnTickets: (code: string) => `The coupon code ${code} cannot be used on a parking ticket. For free parking at the garage, ask the merchant who validates it for a validation code.`,
};
