/**
 * Park-and-pay index (spec 3 §2): lot-code entry when no location is known, otherwise the
 * location card with Activate Parking and the rates modal. `auto` continues Activate Parking on
 * return from sign-in.
 *
 * The lot-code screen is a first screen (the "Pay by Plate" button, the home-screen shortcut):
 * what shows only once a code is known — the card, Start Over, the alerts — is in
 * welcome-location.tsx, loaded when a code is in the URL (the route's loader waits for it, so a
 * server-rendered card hydrates with the page: a tap between the two would reach no handler) or
 * when a typed code is sent.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import type { ActionAlert } from './action-alert';
import { locationByNumberQueryOptions } from './locations-api';
import { LOCATION_NOT_FOUND_TEXT, lotCodeDigits } from './lot-code';
import { ParkFrame } from './park-frame';

/** The chunk with everything past the lot code; the route's loader waits for it when a code is in the URL. */
export const loadWelcomeLocation = () => import('./welcome-location');

const LocationCard = lazy(() => loadWelcomeLocation().then((module) => ({ default: module.LocationCard })));
const LotCodeError = lazy(() => loadWelcomeLocation().then((module) => ({ default: module.LotCodeError })));
const StartOverButton = lazy(() => loadWelcomeLocation().then((module) => ({ default: module.StartOverButton })));
const AlertDialog = lazy(() => loadWelcomeLocation().then((module) => ({ default: module.AlertDialog })));

const LOADING = <p role="status">Loading...</p>;

function LotCodeForm() {
  const [code, setCode] = useState('');
  const [alert, setAlert] = useState<ActionAlert>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lotCode = lotCodeDigits(code);
    if (!lotCode) return setAlert({ title: 'Error', message: LOCATION_NOT_FOUND_TEXT });
    // The card's chunk loads while the garage is looked up.
    const welcomeLocation = loadWelcomeLocation();
    try {
      await queryClient.fetchQuery(locationByNumberQueryOptions(lotCode));
      // The router writes it plain: /parkandpay/welcome?location=1044 (src/lib/search-serialization.ts).
      await navigate({ to: '/parkandpay/welcome', search: { location: lotCode } });
    } catch (error: unknown) {
      const { lotCodeAlert } = await welcomeLocation;
      setAlert(lotCodeAlert(error));
    }
  };
  return (
    <form className="park-lot" onSubmit={submit}>
      <label htmlFor="lot-code">Enter the lot code posted at the entrance</label>
      <input id="lot-code" inputMode="numeric" autoComplete="off" value={code} onChange={(event) => setCode(lotCodeDigits(event.target.value))} maxLength={8} />
      <button type="submit" className="button">Continue</button>
      {alert && (
        <Suspense fallback={null}>
          <AlertDialog title={alert.title} message={alert.message} onClose={() => setAlert(undefined)} />
        </Suspense>
      )}
    </form>
  );
}

export function WelcomePage({ locationNumber, isAuto }: { locationNumber: string | undefined; isAuto: boolean }) {
  const lotCode = lotCodeDigits(locationNumber ?? '');
  // On the server, a failed lookup is drawn as it failed (retrying on mount would draw "Loading...").
  const location = useQuery({ ...locationByNumberQueryOptions(lotCode), enabled: lotCode.length > 0, retryOnMount: !import.meta.env.SSR });
  const startOver = lotCode ? (
    <Suspense fallback={null}>
      <StartOverButton />
    </Suspense>
  ) : undefined;
  return (
    <ParkFrame title="Pay by Plate" action={startOver}>
      {!lotCode && <LotCodeForm />}
      {lotCode && location.isPending && LOADING}
      {lotCode && location.isError && (
        <>
          <Suspense fallback={LOADING}>
            <LotCodeError error={location.error} />
          </Suspense>
          <LotCodeForm />
        </>
      )}
      {location.data && (
        <Suspense fallback={LOADING}>
          <LocationCard location={location.data} isAuto={isAuto} />
        </Suspense>
      )}
    </ParkFrame>
  );
}
