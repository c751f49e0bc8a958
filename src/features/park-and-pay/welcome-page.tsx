/**
 * Park-and-pay index (spec 3 §2): lot-code entry when no location is known, otherwise the
 * location card with Activate Parking and the rates modal. `auto` continues Activate Parking on
 * return from sign-in.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import type { Location } from '../../contract/locations';
import { ApiError } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { actionAlertFor, type ActionAlert } from './action-alert';
import { lotCodeDigits } from './flow-rules';
import { locationByNumberQueryOptions } from './locations-api';
import { PARK_TEXT } from './messages';
import { AlertDialog } from './park-dialog';
import { ParkLayout } from './park-layout';
import { useActivateParking } from './use-activate-parking';

// Opened by "View Rates" only: the rate card's schema and table stay off the lot's first screen.
const RatesModal = lazy(() => import('./rates-modal').then((module) => ({ default: module.RatesModal })));

/**
 * A lot code that names no garage is "Location not found" (spec 3 §4, §8), whatever the server
 * found wrong with it (unknown, or not a lot code at all): the driver never reads validation
 * text. No answer is the network alert; a server failure the system alert.
 */
function lotCodeAlert(error: unknown): ActionAlert {
  if (error instanceof ApiError && error.status < 500) return { title: 'Error', message: PARK_TEXT.locationNotFound };
  return actionAlertFor(error);
}

function LotCodeForm() {
  const [code, setCode] = useState('');
  const [alert, setAlert] = useState<ActionAlert>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lotCode = lotCodeDigits(code);
    if (!lotCode) return setAlert({ title: 'Error', message: PARK_TEXT.locationNotFound });
    try {
      await queryClient.fetchQuery(locationByNumberQueryOptions(lotCode));
      // The router writes it plain: /parkandpay/welcome?location=1044 (src/lib/search-serialization.ts).
      await navigate({ to: '/parkandpay/welcome', search: { location: lotCode } });
    } catch (error: unknown) {
      setAlert(lotCodeAlert(error));
    }
  };
  return (
    <form className="park-lot" onSubmit={submit}>
      <label htmlFor="lot-code">Enter the lot code posted at the entrance</label>
      <input id="lot-code" inputMode="numeric" autoComplete="off" value={code} onChange={(event) => setCode(lotCodeDigits(event.target.value))} maxLength={8} />
      <button type="submit" className="button">Continue</button>
      {alert && <AlertDialog title={alert.title} message={alert.message} onClose={() => setAlert(undefined)} />}
    </form>
  );
}

function LocationCard({ location, isAuto }: { location: Location; isAuto: boolean }) {
  const { activate, isBusy, alert, closeAlert } = useActivateParking();
  const [isRatesOpen, setIsRatesOpen] = useState(false);
  const { status } = useSession();
  const hasAutoRun = useRef(false);
  useEffect(() => {
    if (isAuto && status === 'signed-in' && !hasAutoRun.current) {
      hasAutoRun.current = true;
      void activate(location);
    }
  }, [isAuto, status, location, activate]);
  const image = location.images[0];
  return (
    <article className="park-card">
      {image && <img src={image.assetURI} alt={image.altText} width={640} height={360} className="park-card__image" />}
      <h2>{location.locationDisplayText || location.address1}</h2>
      <p>
        {location.address1}
        {location.crossStreet && ` (${location.crossStreet})`}
        <br />
        {location.city}, {location.state} {location.zip}
      </p>
      <p className="park-card__code">Lot code {location.locationNumber}</p>
      <button type="button" className="button park-card__activate" disabled={isBusy} onClick={() => void activate(location)}>
        {isBusy ? 'Loading...' : 'Activate Parking'}
      </button>
      <button type="button" className="link-button" onClick={() => setIsRatesOpen(true)}>View Rates</button>
      <p className="park-card__note">Activate parking within 15 minutes of arrival.</p>
      {isRatesOpen && (
        <Suspense fallback={null}>
          <RatesModal locationId={location.locationId} onClose={() => setIsRatesOpen(false)} />
        </Suspense>
      )}
      {alert && <AlertDialog title={alert.title} message={alert.message} onClose={closeAlert} />}
    </article>
  );
}

export function WelcomePage({ locationNumber, isAuto }: { locationNumber: string | undefined; isAuto: boolean }) {
  const lotCode = lotCodeDigits(locationNumber ?? '');
  const location = useQuery({ ...locationByNumberQueryOptions(lotCode), enabled: lotCode.length > 0 });
  return (
    <ParkLayout title="Pay by Plate" hasStartOver={lotCode.length > 0}>
      {!lotCode && <LotCodeForm />}
      {lotCode && location.isPending && <p role="status">Loading...</p>}
      {lotCode && location.isError && (
        <>
          <p role="alert">{lotCodeAlert(location.error).message}</p>
          <LotCodeForm />
        </>
      )}
      {location.data && <LocationCard location={location.data} isAuto={isAuto} />}
    </ParkLayout>
  );
}
