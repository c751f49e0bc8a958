/**
 * The top of the home page for a driver at the lot (issue 22 item 7): with a car in a garage,
 * "Your car at … · Show Exit Pass" first, one tap to the pass; then the three ways in from the
 * lot — Pay by Plate, Scan Ticket, Retrieve Vehicle (spec 3 §2 routes; the menu's labels) — so
 * on a 360 × 640 phone they sit above the fold, with search below them.
 *
 * Opened from the home-screen icon (the start URL, `?source=pwa`) with a car in a garage, the
 * pass itself is shown, no tap needed, as transit apps put the ticket first: the driver who opens
 * the installed app while parked is most often at the gate. It is drawn from the QR matrix the
 * device kept (src/lib/kept-exit-pass-qr.ts), so the first frame needs neither the encoder nor the
 * session page; without a kept matrix the card's one tap stays.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../../lib/constants';
import { readStorage } from '../../lib/storage';
import type { ParkedCar } from './parked-car';
import { ParkedCarCard } from './parked-car-card';
import './home.css';

/** The start URL's exit pass for a parked car (parked-car-pass.tsx). */
export type ParkedCarPassView = (props: { car: ParkedCar }) => ReactNode;

// Only a driver who opens the installed app with a car in a garage sees the pass here: its code
// (figure, kept matrices, wake lock, update hold) is a chunk of its own, off every other
// visitor's first screen. Not React.lazy: a Suspense boundary that showed its fallback holds the
// content back for 300 ms when it arrives (React's reveal throttle), and the gate's QR came that
// much later (`npm run bench -- exit-pass`). The home page keeps deciding until it is there.
let passView: ParkedCarPassView | undefined;
let passCode: Promise<void> | undefined;
const loadPassCode = (): Promise<void> =>
  (passCode ??= import('./parked-car-pass').then(
    (module) => void (passView = module.ParkedCarPass),
    // Chunk not available: the card's one tap to the pass instead.
    () => undefined,
  ));

// Opened from the home-screen icon on a device that kept a pass, index.html's gate preload has
// fetched the chunk beside the entry (vite.config.ts GATE_PAGES_WHEN_STORED); it is run now, while
// the saved copy is read, so the pass is ready when the page has decided to show it.
if (typeof window !== 'undefined' && window.location.search.includes('source=pwa') && readStorage(STORAGE_KEYS.exitPassQr) !== null) void loadPassCode();

/** The pass's view once its code is there; `isLoading` while it is wanted and on its way. */
export function useParkedCarPassView(isWanted: boolean): { isLoading: boolean; view: ParkedCarPassView | undefined } {
  // Only a failed load needs it: a loaded view ends the wait by itself.
  const [isSettled, setIsSettled] = useState(false);
  useEffect(() => {
    if (!isWanted) return undefined;
    let isCurrent = true;
    void loadPassCode().then(() => isCurrent && setIsSettled(true));
    return () => {
      isCurrent = false;
    };
  }, [isWanted]);
  return { isLoading: isWanted && passView === undefined && !isSettled, view: isWanted ? passView : undefined };
}

/** `PassView`: the start URL's pass, drawn instead of the card when given (useParkedCarPassView). */
export function LotStart({ car, PassView }: { car: ParkedCar | undefined; PassView: ParkedCarPassView | undefined }) {
  return (
    <section className="lot-start" aria-label="At the garage">
      {car && (PassView ? <PassView car={car} /> : <ParkedCarCard car={car} />)}
      <nav className="lot-actions" aria-label="Lot">
        <Link to="/parkandpay/welcome" className="lot-actions__item">
          Pay by Plate
        </Link>
        <Link to="/leavefast/scan" className="lot-actions__item">
          Scan Ticket
        </Link>
        <Link to="/retrieve-car" className="lot-actions__item">
          Retrieve Vehicle
        </Link>
      </nav>
    </section>
  );
}
