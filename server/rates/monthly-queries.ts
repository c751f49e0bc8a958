/** SQL for monthly rates and monthly rate instances. Dates are New York calendar dates. */
import type { Db } from '../db/client.ts';
import type { LocationArea } from '../../src/contract/locations.ts';

export type MonthlyRateRow = {
  monthlyRateId: number;
  locationId: number;
  groupName: 'Regular' | 'Oversize' | 'Motorcycle' | 'Business';
  description: string;
  rate: number;
  oversizeRate: number;
  serviceFee: number;
  exitFee: number;
  rateCode: string;
  lengthOfInitialTerm: number;
  restrictions: string;
  rateAvailabilityTimeDescription: string;
  useAsDefault: boolean;
  activeFrom: string;
  activeUntil: string | null;
  area: LocationArea;
  locationOversized: boolean;
  latitude: number;
  longitude: number;
  seoUrl: string;
  address1: string;
};

const COLUMNS = `m.monthly_rate_id as "monthlyRateId", m.location_id as "locationId", m.group_name as "groupName", m.description, m.rate,
  m.oversize_rate as "oversizeRate", m.service_fee as "serviceFee", m.exit_fee as "exitFee", m.rate_code as "rateCode",
  m.length_of_initial_term as "lengthOfInitialTerm", m.restrictions, m.rate_availability_time_description as "rateAvailabilityTimeDescription",
  m.use_as_default as "useAsDefault", to_char(m.active_from, 'YYYY-MM-DD') as "activeFrom", to_char(m.active_until, 'YYYY-MM-DD') as "activeUntil",
  l.area, l.oversized as "locationOversized", l.latitude, l.longitude, l.seo_url as "seoUrl", l.address1`;

const ACTIVE_ON = (param: string) => `m.active_from <= ${param}::date and (m.active_until is null or m.active_until > ${param}::date)`;

export async function listActiveMonthlyRates(db: Db, locationIds: readonly number[], date: string): Promise<MonthlyRateRow[]> {
  return db.query(
    `select ${COLUMNS} from monthly_rates m join locations l on l.location_id = m.location_id
     where m.location_id = any($1::int[]) and ${ACTIVE_ON('$2')} order by m.location_id, m.use_as_default desc, m.rate, m.monthly_rate_id`,
    [locationIds, date],
  );
}

export async function findMonthlyRate(db: Db, monthlyRateId: number): Promise<MonthlyRateRow | undefined> {
  const [row] = await db.query<MonthlyRateRow>(`select ${COLUMNS} from monthly_rates m join locations l on l.location_id = m.location_id where m.monthly_rate_id = $1`, [monthlyRateId]);
  return row;
}

export async function existingLocationIds(db: Db, locationIds: readonly number[]): Promise<Set<number>> {
  const rows = await db.query<{ id: number }>('select location_id as id from locations where location_id = any($1::int[])', [locationIds]);
  return new Set(rows.map((row) => row.id));
}

export type MonthlyInstanceRow = {
  monthlyRateInstanceId: string;
  monthlyRateId: number;
  locationId: number;
  checkInDate: string;
  appliedPromotionCode: string | null;
  appliedProRateValueWithTax: number;
  appliedRateValueWithTax: number;
  appliedServiceFeeAmountWithTax: number;
  exitFee: number;
  isProRated: boolean;
  calculation: unknown;
};

export async function saveMonthlyRateInstance(db: Db, row: MonthlyInstanceRow): Promise<void> {
  await db.query(
    `insert into monthly_rate_instances (monthly_rate_instance_id, monthly_rate_id, location_id, check_in_date, applied_promotion_code,
       applied_pro_rate_value_with_tax, applied_rate_value_with_tax, applied_service_fee_amount_with_tax, exit_fee, is_pro_rated, calculation)
     values ($1, $2, $3, $4::date, $5, $6, $7, $8, $9, $10, $11::jsonb)`,
    [row.monthlyRateInstanceId, row.monthlyRateId, row.locationId, row.checkInDate, row.appliedPromotionCode, row.appliedProRateValueWithTax,
      row.appliedRateValueWithTax, row.appliedServiceFeeAmountWithTax, row.exitFee, row.isProRated, JSON.stringify(row.calculation)],
  );
}
