/** Rate, coupon, tax, service fee and total of a quote or a reservation (spec 1 §5 price display), from its priced lines (decision 0110). */
import { dailyStayLines, type DailyPriced } from '../../contract/priced-lines-quotes';
import { PricedLinesList } from '../../ui/priced-lines-list';

type Priced = DailyPriced & { rateMessage: string; timeDescription: string };

export function PriceBreakdown({ rate, isOversized }: { rate: Priced; isOversized: boolean }) {
  return (
    <div className="reserve-breakdown-box" data-testid="price-breakdown">
      {/* The rate's name and description are long text: above the amounts, so they never squeeze the labels. */}
      {rate.rateMessage && <p className="reserve-breakdown__rate"><strong>{rate.rateMessage}</strong>{rate.timeDescription ? ` · ${rate.timeDescription}` : ''}</p>}
      <PricedLinesList priced={dailyStayLines(rate, isOversized)} totalLabel="Total" className="reserve-breakdown" totalTestId="reserve-total" />
    </div>
  );
}
