/**
 * Daily reservation (spec 2 §2 "Daily reservation page"; spec 1 §5): the garage, the stay's date
 * and time, vehicle size, the notices and rate for that stay (asked again on every change), the
 * coupon card, then the card form — or a Reserve button when the total is $0.
 *
 * The reservation is created on the first payment attempt, from the rate on screen, and the
 * server answers the same reservation on every retry, reload or double click (it is keyed by the
 * quote and the customer), so the card form can never pay twice.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { Location } from '../../contract/locations';
import { isDeveloperMessage } from '../../contract/promotions';
import { NO_RATE_INSTANCE_ID, type DailyRate } from '../../contract/rates';
import { RESERVATION_MESSAGES } from '../../contract/reservations';
import { ApiError, getErrorMessage } from '../../lib/errors';
import { paymentQueryKeys } from '../../lib/payments-client';
import { USER_QUERY_ROOT } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { parseUrlTime } from '../../lib/reserve-links';
import { defaultTimes, stayProblems, type StayTimes } from '../../lib/time-slots';
import { BrowserPayButton } from '../../ui/browser-pay-button';
import { CardPaymentForm } from '../../ui/card-payment-form';
import { CouponCard } from './coupon-card';
import { PriceBreakdown } from './price-breakdown';
import { canChooseOversized, formatPrice, totalCents } from './reservation-money';
import { dailyRateQueryOptions, forgetQuoteAttempt, garagesQueryOptions, paidAttemptForQuote, reservationForQuote, reservationKeys } from './reservations-api';
import { StayPickers } from './stay-pickers';
import './reservations.css';

/** Spec 1 §5: the detail text for daily booking when the garage takes no oversized vehicles. */
const OVERSIZED_LOCKED = RESERVATION_MESSAGES.noOversized;

/** The server's message, else the spec's generic text; a boundary 400 is a developer's text and never shown. */
function couponErrorText(error: unknown): string {
  return error instanceof ApiError && error.status < 500 && error.message && !isDeveloperMessage(error.message) ? error.message : RESERVATION_MESSAGES.systemError;
}

function LocationSummary({ location }: { location: Location }) {
  const image = location.images[0];
  return (
    <section className="reserve-card reserve-location" aria-label="Location">
      {/* A fixed 4:3 box (the entrance drawings are 800 × 600): the image loading late moves nothing below it. */}
      {image && <img className="reserve-location__image" src={image.assetURI} alt={image.altText} width={320} height={240} fetchPriority="high" />}
      <div>
        <h2>{location.locationDisplayText || location.address1}</h2>
        <p>
          {location.address1}, {location.city}, {location.state} {location.zip}
          {location.crossStreet && <><br />{location.crossStreet}</>}
        </p>
        {location.operatingHoursDescription && <p className="reserve-muted">{location.operatingHoursDescription}</p>}
      </div>
    </section>
  );
}

function Notices({ rate }: { rate: DailyRate }) {
  if (rate.blackouts.length === 0 && rate.alerts.length === 0) return null;
  return (
    <div className="reserve-notices">
      {rate.blackouts.map((blackout) => (
        <p key={`b${blackout.blackoutId}`} className="notice notice--alert" role="alert" data-testid="reserve-blackout">{blackout.message}</p>
      ))}
      {rate.alerts.map((alert) => (
        <p key={`a${alert.locationAlertMessageId}`} className="notice">{alert.message}</p>
      ))}
    </div>
  );
}

function ZeroTotalReserve({ onReserve }: { onReserve: () => Promise<void> }) {
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const reserve = async () => {
    if (isBusy) return;
    setIsBusy(true);
    setError(undefined);
    try {
      await onReserve();
    } catch (caught: unknown) {
      setError(caught instanceof ApiError && caught.status < 500 ? caught.message : RESERVATION_MESSAGES.systemError);
      setIsBusy(false);
    }
  };
  return (
    <div className="reserve-card">
      {error && <p className="notice notice--alert" role="alert">{error}</p>}
      <button type="button" className="button reserve-submit" disabled={isBusy} onClick={() => void reserve()}>
        {isBusy ? 'Reserving...' : 'Reserve'}
      </button>
    </div>
  );
}

/**
 * The stay a Reserve link asks for, exactly as written: a past or backwards window stays as it is
 * and the pickers say what to fix (issue 38 item 6), rather than being moved to some other window
 * the driver might pay for without noticing. Without both times, the suggested stay.
 */
function requestedStay(from: string | undefined, to: string | undefined, now: number): StayTimes {
  const arrival = parseUrlTime(from);
  const departure = parseUrlTime(to);
  return arrival === undefined || departure === undefined ? defaultTimes(now) : { arrival, departure };
}

type ReservePageProps = { locationSlug: string; from?: string | undefined; to?: string | undefined; isOversized?: boolean | undefined };

export function ReservePage({ locationSlug, from, to, isOversized: wasOversized = false }: ReservePageProps) {
  const garages = useQuery(garagesQueryOptions);
  const location = garages.data?.find((garage) => garage.seoUrl === locationSlug);
  const [now] = useState(() => Date.now());
  const [times, setTimes] = useState<StayTimes>(() => requestedStay(from, to, now));
  const [isOversized, setIsOversized] = useState(wasOversized);
  const [couponCode, setCouponCode] = useState<string | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // No rate is asked, and so nothing can be paid, for a stay the slot rules refuse.
  const isStayValid = stayProblems(times, now).length === 0;
  const stay = useMemo(
    () => (location && isStayValid ? { locationId: location.locationId, entryTimeUtc: new Date(times.arrival).toISOString(), exitTimeUtc: new Date(times.departure).toISOString() } : undefined),
    [location, times, isStayValid],
  );
  const base = useQuery({ ...dailyRateQueryOptions(stay ?? { locationId: 0, entryTimeUtc: '', exitTimeUtc: '' }, null), enabled: Boolean(stay) });
  const discounted = useQuery({ ...dailyRateQueryOptions(stay ?? { locationId: 0, entryTimeUtc: '', exitTimeUtc: '' }, couponCode), enabled: Boolean(stay && couponCode) });
  // A coupon refused (now, or for new times) is shown with the server's message and taken off.
  useEffect(() => {
    if (!couponCode || !discounted.isError) return;
    setCouponError(couponErrorText(discounted.error));
    setCouponCode(null);
  }, [couponCode, discounted.isError, discounted.error]);

  const rate = couponCode && discounted.data ? discounted.data : base.data;
  const isRateLoading = isStayValid && (base.isPending || (couponCode !== null && discounted.isPending));
  const oversizedAllowed = rate && location ? canChooseOversized(rate, location.oversized) : false;
  const wantsOversized = isOversized && oversizedAllowed;
  // A reload cut off an attempt that paid for this very quote: its pass, not a second payment.
  const quoted = rate && rate.rateInstanceId !== NO_RATE_INSTANCE_ID ? rate.rateInstanceId : undefined;
  const paidEarlier = useQuery({
    queryKey: [...reservationKeys.all, 'paid-attempt', quoted ?? '', wantsOversized],
    queryFn: () => paidAttemptForQuote(quoted ?? '', wantsOversized),
    enabled: quoted !== undefined,
  });
  const alreadyPaid = paidEarlier.data ?? null;

  if (garages.isPending) return <p className="reserve-skeleton" role="status">Loading...</p>;
  if (garages.isError) return <p className="notice notice--alert" role="alert">{getErrorMessage(garages.error)}</p>;
  if (!location) return <p className="notice" role="alert">This location was not found.</p>;

  const hasBlackouts = (rate?.blackouts.length ?? 0) > 0;
  const hasRate = rate !== undefined && rate.rateInstanceId !== NO_RATE_INSTANCE_ID;
  const total = rate ? totalCents(rate, wantsOversized) : 0;
  const canReserve = isStayValid && hasRate && !hasBlackouts && !isRateLoading && !(couponCode && !discounted.data) && paidEarlier.isSuccess && !alreadyPaid;

  const reserve = async () => {
    if (!rate) throw new Error('no rate');
    return reservationForQuote(rate.rateInstanceId, wantsOversized);
  };
  const toPass = (reservationId: number) => {
    if (rate) forgetQuoteAttempt(rate.rateInstanceId, wantsOversized);
    // The lists, receipts and saved cards (a card saved with this payment) are out of date now;
    // the card form's own refetch of the cards is cut off when it unmounts on this navigation.
    void queryClient.invalidateQueries({ queryKey: reservationKeys.all });
    void queryClient.invalidateQueries({ queryKey: [USER_QUERY_ROOT, 'receipts'] });
    void queryClient.invalidateQueries({ queryKey: paymentQueryKeys.methods });
    void navigate({ to: '/my-account/reservations/$reservationId', params: { reservationId: String(reservationId) } });
  };
  const payable = async (): Promise<string> => (await reserve()).systemEntityId;

  return (
    <div className="reserve-page">
      <LocationSummary location={location} />
      <StayPickers times={times} now={now} onChange={setTimes} />
      <fieldset className="reserve-card reserve-size">
        <legend>Vehicle size</legend>
        <label className="choice-row">
          <input type="radio" name="vehicle-size" checked={!wantsOversized} onChange={() => setIsOversized(false)} />
          Standard
        </label>
        <label className="choice-row">
          <input type="radio" name="vehicle-size" checked={wantsOversized} disabled={!oversizedAllowed} onChange={() => setIsOversized(true)} />
          Oversized (SUV, van, pickup){rate && oversizedAllowed ? ` +${formatPrice(rate.oversizeSurcharge)}` : ''}
        </label>
        {rate && !oversizedAllowed && <p className="reserve-muted">{OVERSIZED_LOCKED}</p>}
      </fieldset>
      <section className="reserve-card reserve-rate" aria-live="polite" aria-busy={isRateLoading}>
        <h2>Your rate</h2>
        {base.isError && <p className="notice notice--alert" role="alert">{couponErrorText(base.error)}</p>}
        {!isStayValid && <p className="reserve-muted" data-testid="reserve-rate-waiting">Fix the date and time above to see the rate.</p>}
        {isRateLoading && !rate && <p className="reserve-skeleton" role="status">Loading rate...</p>}
        {rate && <Notices rate={rate} />}
        {rate && !hasRate && <p className="reserve-rate__message" data-testid="reserve-rate-message">{rate.rateMessage}</p>}
        {rate && hasRate && <PriceBreakdown rate={rate} isOversized={wantsOversized} />}
      </section>
      <CouponCard
        applied={couponCode}
        error={couponError}
        isChecking={couponCode !== null && discounted.isPending}
        onApply={(code) => (setCouponError(null), setCouponCode(code))}
        onRemove={() => (setCouponError(null), setCouponCode(null))}
        onEdit={() => setCouponError(null)}
      />
      {alreadyPaid && (
        <div className="reserve-card" role="status" data-testid="reserve-paid-earlier">
          <p>This stay is already reserved and paid: {alreadyPaid.confirmationNumber}.</p>
          <button type="button" className="button reserve-submit" onClick={() => toPass(alreadyPaid.reservationId)}>
            View your pass
          </button>
        </div>
      )}
      {!canReserve && !alreadyPaid && (
        <button type="button" className="button reserve-submit" disabled>
          Reserve
        </button>
      )}
      {canReserve && total === 0 && <ZeroTotalReserve onReserve={async () => toPass((await reserve()).reservationId)} />}
      {canReserve && total > 0 && rate && (
        <BrowserPayButton
          key={`browser-${rate.rateInstanceId}-${wantsOversized}`}
          amount={total / 100}
          label={`Parking at ${location.address1}`}
          systemEntityId={payable}
          onSuccess={(payment) => toPass(Number(payment.systemEntityId.split(':')[1]))}
          className="reserve-card"
          buttonClassName="button reserve-submit"
        />
      )}
      {canReserve && total > 0 && rate && (
        <CardPaymentForm
          key={`${rate.rateInstanceId}-${wantsOversized}`}
          amount={total / 100}
          systemEntityId={payable}
          defaultName={user?.displayName ?? ''}
          allowSave
          onSuccess={(payment) => toPass(Number(payment.systemEntityId.split(':')[1]))}
        />
      )}
    </div>
  );
}
