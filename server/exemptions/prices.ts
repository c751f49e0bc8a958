/**
 * What a claim changes on a contract, from the rate the customer accepted at sign-up (its monthly
 * rate instance): the monthly fee and the first (prorated) month with the service fee, each at the
 * full rate and at the claimed one. Computed with the same price rules as the quote
 * (server/rates/monthly-rate.ts), so the exempt fee is the one the quote showed as exemptionClaim.
 */
import { Temporal } from 'temporal-polyfill';
import { EXEMPTION_MESSAGES, type ExemptionClaim } from '../../src/contract/exemptions.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import { dollarsToCents } from '../rates/money.ts';
import { findMonthlyRate } from '../rates/monthly-queries.ts';
import { calculateMonthlyPrice, monthlyTaxContext } from '../rates/monthly-rate.ts';
import { withTax } from '../rates/taxes.ts';

export type ExemptionPrices = { fullMonthlyCents: number; exemptMonthlyCents: number; fullFirstCents: number; exemptFirstCents: number };

type StoredCalculation = { isBusiness?: unknown; isOversizedVehicle?: unknown; multipleVehiclePasses?: unknown; discountAmount?: unknown };

export async function exemptionPricesOf(db: Db, monthlyReservationId: number, claim: ExemptionClaim): Promise<ExemptionPrices> {
  const [instance] = await db.query<{ monthly_rate_id: number; check_in_date: string; calculation: StoredCalculation }>(
    `select i.monthly_rate_id, to_char(i.check_in_date, 'YYYY-MM-DD') as check_in_date, i.calculation
     from monthly_reservations r join monthly_rate_instances i on i.monthly_rate_instance_id = r.monthly_rate_instance_id
     where r.monthly_reservation_id = $1`,
    [monthlyReservationId],
  );
  const rate = instance && (await findMonthlyRate(db, instance.monthly_rate_id));
  if (!instance || !rate) throw new HttpError(409, EXEMPTION_MESSAGES.noRate);
  const calculation = instance.calculation;
  const isBusiness = calculation.isBusiness === true;
  if (claim === 'resident' && isBusiness) throw new HttpError(409, EXEMPTION_MESSAGES.businessResident);
  const options = {
    checkInDate: Temporal.PlainDate.from(instance.check_in_date),
    isBusiness,
    isOversizedVehicle: calculation.isOversizedVehicle === true,
    multipleVehiclePasses: calculation.multipleVehiclePasses === true,
  };
  const terms = {
    monthlyRateId: rate.monthlyRateId, rateCents: dollarsToCents(rate.rate), oversizeRateCents: dollarsToCents(rate.oversizeRate),
    serviceFeeCents: dollarsToCents(rate.serviceFee), exitFeeCents: dollarsToCents(rate.exitFee),
  };
  const discountCents = typeof calculation.discountAmount === 'number' ? dollarsToCents(calculation.discountAmount) : 0;
  const priced = (isTaxExempt: boolean, isResident: boolean) => {
    const price = calculateMonthlyPrice(terms, rate.area, { ...options, isTaxExempt, isResident });
    const tax = monthlyTaxContext(rate.area, { isBusiness, isTaxExempt, isResident });
    // The first month as the sign-up billed it: prorated less the coupon, plus the service fee.
    const first = withTax(Math.max(0, price.proRatedCents - discountCents), tax) + withTax(terms.serviceFeeCents, tax);
    return { monthly: price.appliedRateValueWithTaxCents, first };
  };
  const full = priced(false, false);
  const exempt = priced(claim === 'tax-exempt', claim === 'resident');
  if (exempt.monthly >= full.monthly) throw new HttpError(409, EXEMPTION_MESSAGES.noChange);
  return { fullMonthlyCents: full.monthly, exemptMonthlyCents: exempt.monthly, fullFirstCents: full.first, exemptFirstCents: exempt.first };
}
