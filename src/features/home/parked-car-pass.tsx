/**
 * The exit pass at the top of the home page, for the start URL (`?source=pwa`) with a car in a
 * garage (lot-start.tsx loads it on demand). Drawn from the QR matrix the device kept; without
 * one, the card's one tap to the pass stays.
 */
import { Link } from '@tanstack/react-router';
import { readKeptExitPassQr } from '../../lib/kept-exit-pass-qr';
import { ExitPassFigure } from '../../ui/exit-pass-figure';
import type { ParkedCar } from './parked-car';
import { ParkedCarCard } from './parked-car-card';

export function ParkedCarPass({ car }: { car: ParkedCar }) {
  const qr = readKeptExitPassQr(car.qrText);
  if (!qr) return <ParkedCarCard car={car} />;
  return (
    <div className="lot-car lot-car--pass">
      <ExitPassFigure ticketNumber={car.ticketNumber} licensePlate={car.licensePlate} address={car.address} qr={qr} />
      <Link to="/parkandpay/session" search={{ licensePlate: car.licensePlate }} className="lot-car__more">
        Ticket details and charges
      </Link>
    </div>
  );
}
