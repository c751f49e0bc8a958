/**
 * /validations/api: merchant validation (issue 37 item 3, docs/decisions/0103-merchant-validation.md).
 * Staff (a staff account's bearer token, requireStaff) set up a garage's partner shops; a shop
 * issues single-use codes with its own key in the `X-Merchant-Key` header (staff may issue for
 * any merchant). The driver redeems a code by the ordinary coupon calls of /tickets/api.
 *   POST /validations/api/merchants { name, locationIds, valueType, value? }  — staff: a new merchant and its key (shown once)
 *   GET  /validations/api/merchants                                          — staff: every merchant
 *   POST /validations/api/merchants/:id/key                                  — staff: a new key; the old one stops working
 *   POST /validations/api/merchants/:id/disable                              — staff: the key and the unspent codes stop working
 *   POST /validations/api/codes { ticketNumber?, locationId?, merchantId? }  — merchant (or staff with merchantId): a code, valid 24 h
 *   GET  /validations/api/codes?merchantId                                   — the latest 200 codes: issued, redeemed, on which ticket, for how much
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { Deps } from '../deps.ts';
import { requireStaff, type AuthUser } from '../lib/auth.ts';
import { HttpError } from '../lib/http-error.ts';
import { idParam, validate } from '../lib/validate.ts';
import { toDollars } from '../rates/money.ts';
import { displayValidationCode } from './codes.ts';
import {
  createMerchant, describeValue, disableMerchant, findMerchantByKey, issueCode, listCodes, listMerchants, requireMerchant, rotateMerchantKey,
  VALUE_TYPES, type CodeRow, type MerchantRow, type ValidationValue,
} from './store.ts';

export const MERCHANT_KEY_HEADER = 'X-Merchant-Key';

type Issuer = { kind: 'staff'; user: AuthUser } | { kind: 'merchant'; merchant: MerchantRow };
type Env = { Variables: { user: AuthUser; issuer: Issuer } };

const wholeNumber = (name: string, min: number, max: number) =>
  v.pipe(v.number(`${name} must be a number`), v.integer(`${name} must be a whole number`), v.minValue(min, `${name} must be ${min} to ${max}`), v.maxValue(max, `${name} must be ${min} to ${max}`));
const locationIdSchema = wholeNumber('locationId', 1, 2_147_483_647);

const merchantBodySchema = v.pipe(
  v.object({
    name: v.pipe(v.string('name must be text'), v.trim(), v.minLength(1, 'name is required'), v.maxLength(100, 'name must be at most 100 characters')),
    locationIds: v.pipe(v.array(locationIdSchema, 'locationIds must be a list of location ids'), v.minLength(1, 'locationIds must name at least one garage'), v.maxLength(50, 'locationIds must name at most 50 garages')),
    valueType: v.picklist(VALUE_TYPES, `valueType must be one of ${VALUE_TYPES.join(', ')}`),
    /** PERCENT: 1 to 100; AMOUNT: dollars, 0.01 to 500; HOURS: 1 to 24; FULL: none. */
    value: v.optional(v.pipe(v.number('value must be a number'), v.finite('value must be a number'))),
  }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const { valueType, value } = dataset.value;
    const fail = (message: string) => {
      addIssue({ message, path: [{ type: 'object', origin: 'value', input: dataset.value, key: 'value', value }] });
      return NEVER;
    };
    let stored: ValidationValue;
    if (valueType === 'FULL') {
      if (value !== undefined && value !== 100) return fail('value must be left out for FULL (the whole stay)');
      stored = { valueType, value: 100 };
    } else if (valueType === 'PERCENT') {
      if (value === undefined || !Number.isInteger(value) || value < 1 || value > 100) return fail('value must be a whole percent, 1 to 100, for PERCENT');
      stored = { valueType, value };
    } else if (valueType === 'AMOUNT') {
      const cents = Math.round((value ?? 0) * 100);
      if (value === undefined || Math.abs(cents - (value * 100)) > 1e-6 || cents < 1 || cents > 50_000) return fail('value must be dollars and cents, 0.01 to 500, for AMOUNT');
      stored = { valueType, value: cents };
    } else {
      if (value === undefined || !Number.isInteger(value) || value < 1 || value > 24) return fail('value must be whole hours, 1 to 24, for HOURS');
      stored = { valueType, value };
    }
    return { name: dataset.value.name, locationIds: dataset.value.locationIds, value: stored };
  }),
);

const issueBodySchema = v.object({
  ticketNumber: v.optional(v.pipe(v.string('ticketNumber must be text'), v.trim(), v.toUpperCase(), v.regex(/^([0-9]{23}|[A-Z0-9]{6,7})$/, 'ticketNumber must be 23 digits, or 6 to 7 letters and digits'))),
  locationId: v.optional(locationIdSchema),
  merchantId: v.optional(wholeNumber('merchantId', 1, 2_147_483_647)),
});
const codesQuery = v.object({
  merchantId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'merchantId must be a whole number'), v.transform(Number))),
});

const toMerchant = (row: MerchantRow) => {
  const value = { valueType: row.value_type, value: row.value };
  return {
    merchantId: row.merchant_id, name: row.name, locationIds: row.location_ids, valueType: row.value_type,
    value: row.value_type === 'AMOUNT' ? toDollars(row.value) : row.value, description: describeValue(value),
    hasKey: row.has_key, isActive: row.is_active, createdBy: row.created_by, createdAt: new Date(row.created_at).toISOString(),
  };
};

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export const toIssuedCode = (row: CodeRow) => ({
  code: row.code,
  displayCode: displayValidationCode(row.code),
  merchantId: row.merchant_id,
  merchantName: row.merchant_name,
  description: describeValue({ valueType: row.value_type, value: row.value }),
  locationIds: row.location_ids,
  ticketNumber: row.ticket_number,
  issuedBy: row.issued_by,
  issuedAt: iso(row.issued_at),
  expiresAt: iso(row.expires_at),
  redeemedTicketNumber: row.redeemed_ticket_number,
  redeemedBy: row.redeemed_by,
  redeemedAt: iso(row.redeemed_at),
  redeemedAmount: row.redeemed_amount_cents === null ? null : toDollars(row.redeemed_amount_cents),
});

/** A merchant's key in X-Merchant-Key, else a staff account's token (no token 401, a customer 403). */
function merchantOrStaff(deps: Deps): MiddlewareHandler<Env> {
  const staff = requireStaff(deps.verifyToken);
  return async (c, next) => {
    const key = c.req.header(MERCHANT_KEY_HEADER);
    if (key !== undefined) {
      const merchant = key.length <= 200 ? await findMerchantByKey(deps.db, key) : undefined;
      if (!merchant) return c.json({ message: 'The merchant key is not valid.' }, 401);
      c.set('issuer', { kind: 'merchant', merchant });
      return next();
    }
    return staff(c as unknown as Context, async () => {
      c.set('issuer', { kind: 'staff', user: c.get('user') });
      await next();
    });
  };
}

const staffActor = (user: AuthUser) => `staff:${user.email ?? user.uid}`;

export function createValidationsApi(deps: Deps) {
  const { db, now, verifyToken } = deps;
  const staff = requireStaff(verifyToken);
  const issuer = merchantOrStaff(deps);
  const app = new Hono<Env>();

  app.post('/merchants', staff, validate('json', merchantBodySchema), async (c) => {
    const { merchant, apiKey } = await createMerchant(db, c.req.valid('json'), staffActor(c.get('user')), now());
    return c.json({ merchant: toMerchant(merchant), apiKey }, 201);
  });
  app.get('/merchants', staff, async (c) => c.json({ results: (await listMerchants(db)).map(toMerchant) }));
  app.post('/merchants/:id/key', staff, validate('param', idParam), async (c) => {
    const { merchant, apiKey } = await rotateMerchantKey(db, c.req.valid('param').id);
    return c.json({ merchant: toMerchant(merchant), apiKey });
  });
  app.post('/merchants/:id/disable', staff, validate('param', idParam), async (c) => c.json({ merchant: toMerchant(await disableMerchant(db, c.req.valid('param').id)) }));

  app.post('/codes', issuer, validate('json', issueBodySchema), async (c) => {
    const body = c.req.valid('json');
    const who = c.get('issuer');
    let merchant: MerchantRow;
    let actor: string;
    if (who.kind === 'merchant') {
      if (body.merchantId !== undefined && body.merchantId !== who.merchant.merchant_id) throw new HttpError(403, 'A merchant key issues codes for its own merchant only.');
      merchant = who.merchant;
      actor = `merchant:${merchant.merchant_id}`;
    } else {
      if (body.merchantId === undefined) throw new HttpError(400, 'Invalid request body: merchantId: staff name the merchant the validation is for');
      merchant = await requireMerchant(db, body.merchantId);
      actor = staffActor(who.user);
    }
    const issued = await issueCode(db, merchant, body, actor, now());
    return c.json(toIssuedCode(issued), 201);
  });
  app.get('/codes', issuer, validate('query', codesQuery), async (c) => {
    const who = c.get('issuer');
    const asked = c.req.valid('query').merchantId;
    if (who.kind === 'merchant' && asked !== undefined && asked !== who.merchant.merchant_id) throw new HttpError(403, 'A merchant key shows its own codes only.');
    const merchantId = who.kind === 'merchant' ? who.merchant.merchant_id : asked;
    return c.json({ results: (await listCodes(db, merchantId)).map(toIssuedCode) });
  });
  return app;
}
