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
import { lazy } from 'react';
import { STORAGE_KEYS } from '../../lib/constants';
import { readStorage } from '../../lib/storage';
import type { ParkedCar } from './parked-car';
import { ParkedCarCard } from './parked-car-card';
import './home.css';

// Only a driver who opens the installed app with a car in a garage sees the pass here: its code
// (figure, kept matrices, wake lock, update hold) is a chunk of its own, off every other
// visitor's first screen. The home page waits for it (home-page.tsx) rather than shift.
const loadPassCode = () => import('./parked-car-pass');
const ParkedCarPass = lazy(() => loadPassCode().then((module) => ({ default: module.ParkedCarPass })));

// Opened from the home-screen icon on a device that kept a pass, index.html's gate preload has
// fetched the chunk beside the entry (vite.config.ts GATE_PAGES_WHEN_STORED); it is run now, while
// the saved copy is read, so the pass is ready when the page has decided to show it.
if (typeof window !== 'undefined' && window.location.search.includes('source=pwa') && readStorage(STORAGE_KEYS.exitPassQr) !== null) void loadPassCode();

export function LotStart({ car, showsPass }: { car: ParkedCar | undefined; showsPass: boolean }) {
  return (
    <section className="lot-start" aria-label="At the garage">
      {car && (showsPass ? <ParkedCarPass car={car} /> : <ParkedCarCard car={car} />)}
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
