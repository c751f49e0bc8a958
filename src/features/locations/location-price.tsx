/**
 * The price part of a location's details (spec 1 §2.3): for a daily search the all-in total for
 * the searched times (rate with tax plus the service fee; the oversized total when the filter is
 * on), the Early Bird restriction and the event-rate note; for a monthly search the rate picker —
 * a radio list of the monthly rates with an expandable price breakdown.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Location } from '../../contract/locations';
import type { MonthlyRate } from '../../contract/rates';
import { newYorkDay, newYorkOffsetHours, newYorkTime } from '../../lib/new-york-time';
import { reserveHref, reserveLabel, type ReserveSearch } from '../../lib/reserve-links';
import { HrefLink } from '../../ui/href-link';
import { formatCentsExact } from '../../contract/priced-lines';
import { dailyStayLines, monthlyRateLines } from '../../contract/priced-lines-quotes';
import { PricedLinesList } from '../../ui/priced-lines-list';
import { activeMonthlyRatesQueryOptions, dailyQuoteQueryOptions, monthlyBreakdownQueryOptions } from './location-price-queries';

export const NO_MONTHLY_OPTIONS_TEXT = 'There are no monthly options available at this location at this time.';
export const NO_OVERSIZED_DETAIL_TEXT = 'This location does not accept Oversized Vehicles.';
const EARLY_BIRD_MESSAGE = 'Early Bird Rate';
const HOUR_MS = 3_600_000;

/** "$25" when whole, "$25.50" otherwise; 0 is "N/A" (spec 1 §5). */
export function formatMoney(amount: number): string {
  if (!amount) return 'N/A';
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}

/** The New York date of an instant, YYYY-MM-DD (the monthly start date). */
function newYorkDate(instant: number): string {
  return new Date(instant + newYorkOffsetHours(instant) * HOUR_MS).toISOString().slice(0, 10);
}

function DailyPrice({ location, search }: { location: Location; search: ReserveSearch }) {
  const { data: quote, isPending, isError } = useQuery(dailyQuoteQueryOptions(location.locationId, search.arrival, search.departure));
  const when = `${newYorkDay(search.arrival)} ${newYorkTime(search.arrival)} – ${newYorkDay(search.departure)} ${newYorkTime(search.departure)}`;
  if (isPending) return <p className="location-price" role="status">Calculating rates...</p>;
  if (isError || !quote) return <p className="location-price">The price could not be calculated. Please try again.</p>;
  // Decision 0110: the figure is the total of the lines checkout shows for this quote.
  const standard = quote.rateWithTax > 0 ? dailyStayLines(quote, false).totalCents / 100 : 0;
  const oversized = quote.oversizeRate > 0 ? dailyStayLines(quote, true).totalCents / 100 : 0;
  const refusesOversized = search.isOversized && (!location.oversized || quote.noOversized);
  const total = search.isOversized ? oversized : standard;
  return (
    <div className="location-price">
      <p className="location-price__total" data-testid="detail-total">
        {formatMoney(Math.round(total * 100) / 100)}
      </p>
      <p className="location-price__when">{when}</p>
      {total > 0 && <p className="location-price__note">Rate with tax plus the service fee.</p>}
      {!search.isOversized && quote.oversizeSurcharge > 0 && <p className="location-price__note">Oversized vehicles +{formatMoney(quote.oversizeSurcharge)}</p>}
      {quote.isEventRate && <p className="location-price__badge">Event Rate</p>}
      {quote.rateMessage === EARLY_BIRD_MESSAGE && (
        <p className="location-price__badge">
          {EARLY_BIRD_MESSAGE}
          {quote.timeDescription && `: ${quote.timeDescription}`}
        </p>
      )}
      {refusesOversized && <p className="notice notice--alert">{NO_OVERSIZED_DETAIL_TEXT}</p>}
      {/* Spec 1 §5: no Reserve at a rate of 0 or under a blackout. */}
      {total > 0 && quote.blackouts.length === 0 && !refusesOversized && <ReserveLink location={location} search={search} />}
    </div>
  );
}

function Breakdown({ rate, date, isOversized }: { rate: MonthlyRate; date: string; isOversized: boolean }) {
  const { data, isPending, isError } = useQuery(monthlyBreakdownQueryOptions(rate.monthlyRateId, date, isOversized));
  if (isPending) return <p role="status">Calculating rates...</p>;
  if (isError || !data) return <p>The breakdown could not be calculated.</p>;
  return (
    <>
      <PricedLinesList priced={data.firstPayment} totalLabel="First payment" className="monthly-breakdown" />
      <dl className="monthly-breakdown">
        <dt>Each following month</dt>
        <dd>{formatCentsExact(data.eachMonth.totalCents)}</dd>
        {data.exitFee > 0 && (
          <>
            <dt>Exit fee</dt>
            <dd>{formatMoney(data.exitFee)}</dd>
          </>
        )}
      </dl>
    </>
  );
}

function MonthlyRatePicker({ location, search }: { location: Location; search: ReserveSearch }) {
  const date = newYorkDate(search.arrival);
  const name = useId();
  const { data, isPending, isError } = useQuery(activeMonthlyRatesQueryOptions(location.locationId, date));
  const [chosenId, setChosenId] = useState<number>();
  const [openId, setOpenId] = useState<number>();
  if (isPending) return <p className="location-price" role="status">Calculating rates...</p>;
  if (isError) return <p className="location-price">The monthly rates could not be loaded. Please try again.</p>;
  const rates = data.results;
  if (rates.length === 0) return <p className="notice notice--alert">{NO_MONTHLY_OPTIONS_TEXT}</p>;
  const selectedId = chosenId ?? (search.isOversized ? rates.find((rate) => rate.monthlyRateGroup.monthlyRateGroupName === 'Oversize') : undefined)?.monthlyRateId ?? rates.find((rate) => rate.useAsDefault)?.monthlyRateId ?? rates[0]!.monthlyRateId;
  return (
    <fieldset className="monthly-picker">
      <legend>Monthly rates from {newYorkDay(search.arrival)}</legend>
      {rates.map((rate) => (
        <div key={rate.monthlyRateId} className="monthly-picker__rate">
          <label>
            <input type="radio" name={name} checked={rate.monthlyRateId === selectedId} onChange={() => setChosenId(rate.monthlyRateId)} />{' '}
            <strong>{rate.monthlyRateGroup.monthlyRateGroupName}</strong> {formatMoney(monthlyRateLines(rate, false).totalCents / 100)}/mo
            <span className="monthly-picker__description">{rate.monthlyRateGroup.description}</span>
          </label>
          <button type="button" className="link-button" aria-expanded={openId === rate.monthlyRateId} onClick={() => setOpenId(openId === rate.monthlyRateId ? undefined : rate.monthlyRateId)}>
            Price breakdown
          </button>
          {openId === rate.monthlyRateId && <Breakdown rate={rate} date={date} isOversized={search.isOversized} />}
        </div>
      ))}
      <ReserveLink location={location} search={search} />
    </fieldset>
  );
}

function ReserveLink({ location, search }: { location: Location; search: ReserveSearch }) {
  return (
    <p>
      <HrefLink className="button" href={reserveHref(location, search)}>
        {reserveLabel(location, search.type)}
      </HrefLink>
    </p>
  );
}

export function LocationPrice({ location, search }: { location: Location; search: ReserveSearch }) {
  return search.type === 'MONTHLY' ? <MonthlyRatePicker location={location} search={search} /> : <DailyPrice location={location} search={search} />;
}
