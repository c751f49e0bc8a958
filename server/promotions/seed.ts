/**
 * Seeded coupon codes (documented in the README). Validity is relative to "now" so the live
 * codes stay live on a fresh database, one code is always expired and one not yet started.
 *
 *   WELCOME10   10 % off any daily reservation
 *   SAVE5       $5 off any daily reservation
 *   JCPATH20    20 % off daily parking at Jersey City garages
 *   ARENA10     $10 off daily parking at the Newark arena-district garages
 *   MONTHLY50   $50 off the first monthly payment, any garage
 *   BKMONTH25   25 % off the first monthly payment at Brooklyn garages
 *   SUMMER26    15 % off daily parking — expired
 *   HOLIDAY26   20 % off daily parking — starts in 25 days
 */
import type { Db } from '../db/client.ts';

type PromotionSeed = {
  code: string;
  name: string;
  description: string;
  appliesTo: 'DAILY' | 'MONTHLY';
  discountType: 'PERCENT' | 'FIXED';
  discountValue: number;
  fromDays: number;
  untilDays: number;
  areas: string[] | null;
  arenaZoneOnly?: boolean;
};

const LEGAL_DAILY = 'Valid for online reservations only. One coupon per reservation. Cannot be combined with other offers or applied to past reservations. No cash value.';
const LEGAL_MONTHLY = 'Applies to the first monthly payment of a new monthly contract only. One coupon per contract. Subject to the Monthly Parking Terms and Conditions. No cash value.';

const PROMOTIONS: PromotionSeed[] = [
  { code: 'WELCOME10', name: 'Welcome to ParkFair', description: '10% off your daily reservation at any ParkFair garage.', appliesTo: 'DAILY', discountType: 'PERCENT', discountValue: 10, fromDays: -60, untilDays: 365, areas: null },
  { code: 'SAVE5', name: '$5 Off Daily Parking', description: '$5 off any daily reservation.', appliesTo: 'DAILY', discountType: 'FIXED', discountValue: 5, fromDays: -30, untilDays: 180, areas: null },
  { code: 'JCPATH20', name: 'Jersey City PATH Commuter', description: '20% off daily parking at our Jersey City garages near the PATH.', appliesTo: 'DAILY', discountType: 'PERCENT', discountValue: 20, fromDays: -90, untilDays: 120, areas: ['jersey-city'] },
  { code: 'ARENA10', name: 'Arena District Event Night', description: '$10 off daily parking at our garages by Prudential Center.', appliesTo: 'DAILY', discountType: 'FIXED', discountValue: 10, fromDays: -14, untilDays: 90, areas: ['newark'], arenaZoneOnly: true },
  { code: 'MONTHLY50', name: '$50 Off Your First Month', description: '$50 off the first payment of a new monthly contract.', appliesTo: 'MONTHLY', discountType: 'FIXED', discountValue: 50, fromDays: -45, untilDays: 200, areas: null },
  { code: 'BKMONTH25', name: 'Brooklyn Monthly Welcome', description: '25% off the first monthly payment at our Brooklyn garages.', appliesTo: 'MONTHLY', discountType: 'PERCENT', discountValue: 25, fromDays: -20, untilDays: 100, areas: ['brooklyn'] },
  { code: 'SUMMER26', name: 'Summer Savings', description: '15% off daily parking all summer.', appliesTo: 'DAILY', discountType: 'PERCENT', discountValue: 15, fromDays: -175, untilDays: -77, areas: null },
  { code: 'HOLIDAY26', name: 'Holiday Shopping', description: '20% off daily parking for holiday shopping trips.', appliesTo: 'DAILY', discountType: 'PERCENT', discountValue: 20, fromDays: 25, untilDays: 45, areas: null },
];

const DAY_MS = 86_400_000;

export async function seedPromotions(tx: Db, now: Date): Promise<void> {
  const garages = await tx.query<{ location_id: number; area: string; arena_zone: boolean }>('select location_id, area, arena_zone from locations order by location_id');
  const rows = PROMOTIONS.map((promotion) => ({
    promotion_code: promotion.code,
    promotion_name: promotion.name,
    promotion_description: promotion.description,
    legal: promotion.appliesTo === 'DAILY' ? LEGAL_DAILY : LEGAL_MONTHLY,
    applies_to: promotion.appliesTo,
    discount_type: promotion.discountType,
    discount_value: promotion.discountValue,
    valid_from: new Date(now.getTime() + promotion.fromDays * DAY_MS).toISOString(),
    valid_until: new Date(now.getTime() + promotion.untilDays * DAY_MS).toISOString(),
    location_ids: promotion.areas
      ? garages.filter((garage) => promotion.areas?.includes(garage.area) && (!promotion.arenaZoneOnly || garage.arena_zone)).map((garage) => garage.location_id)
      : null,
  }));
  await tx.query(
    `insert into promotions (promotion_code, promotion_name, promotion_description, legal, applies_to, discount_type, discount_value, valid_from, valid_until, location_ids)
     select p.promotion_code, p.promotion_name, p.promotion_description, p.legal, p.applies_to, p.discount_type, p.discount_value, p.valid_from, p.valid_until,
            (select array_agg(value::int) from json_array_elements_text(p.location_ids) as value)
     from json_to_recordset($1::json) as p(promotion_code text, promotion_name text, promotion_description text, legal text, applies_to text,
          discount_type text, discount_value numeric, valid_from timestamptz, valid_until timestamptz, location_ids json)`,
    [JSON.stringify(rows)],
  );
}
