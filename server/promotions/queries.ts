/** SQL for promotions (coupon codes). Codes are stored normalised; callers normalise before lookup. */
import type { Promotion } from '../../src/contract/promotions.ts';
import type { Db } from '../db/client.ts';
import type { PromotionTerms } from '../rates/coupons.ts';

type PromotionRow = Omit<Promotion, 'discountValue'> & { discountValue: number };

/** The promotion as the API shows it, and as the coupon arithmetic uses it (percent × 1000 or cents). */
export type StoredPromotion = { promotion: Promotion; terms: PromotionTerms };

export async function findPromotion(db: Db, code: string): Promise<StoredPromotion | undefined> {
  const [row] = await db.query<PromotionRow>(
    `select promotion_code as "promotionCode", promotion_name as "promotionName", promotion_description as "promotionDescription", legal,
       applies_to as "appliesTo", discount_type as "discountType", discount_value as "discountValue",
       to_char(valid_from at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "validFromUtc",
       to_char(valid_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "validUntilUtc",
       location_ids as "locationIds"
     from promotions where promotion_code = $1`,
    [code],
  );
  if (!row) return undefined;
  return {
    promotion: row,
    terms: {
      code: row.promotionCode,
      appliesTo: row.appliesTo,
      discountType: row.discountType,
      discountValue: row.discountType === 'PERCENT' ? Math.round(row.discountValue * 1000) : Math.round(row.discountValue * 100),
      validFrom: new Date(row.validFromUtc),
      validUntil: new Date(row.validUntilUtc),
      locationIds: row.locationIds,
    },
  };
}
