/** Rate, tax, service fee, coupon and total of a quote or a reservation (spec 1 §5 price display). */
import { formatPrice } from './reservation-money';

type Priced = {
  price: number;
  tax: number;
  rateWithTax: number;
  serviceFeeAmount: number;
  oversizeRate: number;
  oversizedServiceFeeAmount: number;
  appliedPromotionCode: string | null;
  discountAmount: number;
  rateMessage: string;
  timeDescription: string;
};

export function PriceBreakdown({ rate, isOversized }: { rate: Priced; isOversized: boolean }) {
  const fee = isOversized ? rate.oversizedServiceFeeAmount : rate.serviceFeeAmount;
  const total = Math.round(((isOversized ? rate.oversizeRate : rate.rateWithTax) + fee) * 100) / 100;
  // `price` is after the coupon; the receipt shows the parking before it and the coupon beneath.
  const parking = Math.round((rate.price + rate.discountAmount) * 100) / 100;
  return (
    <div className="reserve-breakdown-box" data-testid="price-breakdown">
      {/* The rate's name and description are long text: above the amounts, so they never squeeze the labels. */}
      {rate.rateMessage && <p className="reserve-breakdown__rate"><strong>{rate.rateMessage}</strong>{rate.timeDescription ? ` · ${rate.timeDescription}` : ''}</p>}
      <dl className="reserve-breakdown">
      {isOversized ? (
        <><dt>Oversized rate with tax</dt><dd>{formatPrice(rate.oversizeRate)}</dd></>
      ) : (
        <>
          <dt>Parking</dt><dd>{formatPrice(parking)}</dd>
          <dt>Tax</dt><dd>{formatPrice(rate.tax)}</dd>
        </>
      )}
      <dt>Service fee</dt><dd>{formatPrice(fee)}</dd>
      {rate.appliedPromotionCode && <><dt>Coupon {rate.appliedPromotionCode}</dt><dd>-{formatPrice(rate.discountAmount)}</dd></>}
      <dt className="reserve-breakdown__total">Total</dt><dd className="reserve-breakdown__total" data-testid="reserve-total">{formatPrice(total)}</dd>
      </dl>
    </div>
  );
}
