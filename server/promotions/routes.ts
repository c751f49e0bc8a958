/**
 * /promotions/api/{couponCode}: what a coupon is (spec 2 §3 "Promotion": promotionName,
 * promotionDescription, legal) and its terms. The code is normalised first (" welcome-10 " is
 * WELCOME10). Unknown codes are 404, codes outside their validity window 400, each with the
 * message the client shows as it is.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { couponCodeSchema } from '../../src/contract/promotions.ts';
import type { Db } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../lib/http-error.ts';
import { validate } from '../lib/validate.ts';
import { type PromotionTerms, whyPromotionIsNotUsable } from '../rates/coupons.ts';
import { findPromotion, type StoredPromotion } from './queries.ts';

export const couponCodeParam = v.object({ couponCode: couponCodeSchema });

/** Finds a promotion usable now for this kind of parking (and garage), or throws the driver-facing reason. */
export async function requireUsablePromotion(
  db: Db,
  code: string,
  use: { now: Date; appliesTo?: PromotionTerms['appliesTo']; locationId?: number },
): Promise<StoredPromotion> {
  const found = await findPromotion(db, code);
  if (!found) throw new HttpError(404, `The coupon code ${code} is not valid.`);
  const problem = whyPromotionIsNotUsable(found.terms, use);
  if (problem) throw new HttpError(400, problem);
  return found;
}

export function createPromotionsApi({ db, now }: Deps) {
  return new Hono().get('/:couponCode', validate('param', couponCodeParam), async (c) => {
    const { promotion } = await requireUsablePromotion(db, c.req.valid('param').couponCode, { now: now() });
    return c.json(promotion);
  });
}
