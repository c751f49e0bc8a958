/**
 * /promo-redirect/api (spec 2 §2 promo-redirect: "Redirects to an external promotions site
 * carrying the customer id as lookupid"). GET /{qrCode} answers `{ url }`: the configured
 * PROMOTIONS_URL with `qrCode` and `lookupid` (the signed-in customer's id) added. The address is
 * built here from configuration only, so the client can never be sent to any other origin.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { Deps } from '../deps.ts';
import { requireUser, type AuthVariables } from '../lib/auth.ts';
import { HttpError } from '../lib/http-error.ts';
import { validate } from '../lib/validate.ts';

const qrCodeParam = v.object({ qrCode: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'qrCode must be 1 to 64 letters, digits, hyphens or underscores')) });

export function promotionsRedirectUrl(promotionsUrl: string, qrCode: string, customerId: number): string {
  const url = new URL(promotionsUrl);
  url.searchParams.set('qrCode', qrCode);
  url.searchParams.set('lookupid', String(customerId));
  return url.toString();
}

export function createPromoRedirectApi({ db, config, verifyToken }: Deps) {
  return new Hono<{ Variables: AuthVariables }>().get('/:qrCode', requireUser(verifyToken), validate('param', qrCodeParam), async (c) => {
    const [customer] = await db.query<{ customer_id: number }>('select customer_id from customers where uid = $1', [c.get('user').uid]);
    if (!customer) throw new HttpError(404, 'Your customer account was not found. Please open My Account once and try again.');
    return c.json({ url: promotionsRedirectUrl(config.promotionsUrl, c.req.valid('param').qrCode, customer.customer_id) });
  });
}
