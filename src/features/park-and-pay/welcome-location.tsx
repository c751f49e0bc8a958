/**
 * The welcome page once a lot code is known (welcome-page.tsx loads this chunk lazily): the
 * location card with Activate Parking and the rates modal, Start Over, and the alert for a lot
 * code that failed. The lot-code screen every driver without the garage's QR code sees first
 * needs none of it: it loads when a code is there (the route's loader waits for it, beside the
 * garage's query) or when a typed one is sent.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Location } from '../../contract/locations';
import { ApiError } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { actionAlertFor, type ActionAlert } from './action-alert';
import { LOCATION_NOT_FOUND_TEXT } from './lot-code';
import { AlertDialog } from './park-dialog';
import { useActivateParking } from './use-activate-parking';

export { AlertDialog } from './park-dialog';
export { StartOverButton } from './start-over';

// Opened by "View Rates" only: the rate card's schema and table stay off the lot's first screen.
const RatesModal = lazy(() => import('./rates-modal').then((module) => ({ default: module.RatesModal })));

/**
 * A lot code that names no garage is "Location not found" (spec 3 §4, §8), whatever the server
 * found wrong with it (unknown, or not a lot code at all): the driver never reads validation
 * text. No answer is the network alert; a server failure the system alert.
 */
export function lotCodeAlert(error: unknown): ActionAlert {
  if (error instanceof ApiError && error.status < 500) return { title: 'Error', message: LOCATION_NOT_FOUND_TEXT };
  return actionAlertFor(error);
}

export function LocationCard({ location, isAuto }: { location: Location; isAuto: boolean }) {
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

/** The failed lot code's alert as a paragraph above the form (a code from a link or a QR code). */
export function LotCodeError({ error }: { error: unknown }) {
  return <p role="alert">{lotCodeAlert(error).message}</p>;
}
