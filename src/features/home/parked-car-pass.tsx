/**
 * The parked car's exit pass drawn on the home page (lot-start.tsx says when): apart from the
 * page's chunk, since only a device that kept a pass's QR matrix ever shows it; the others never
 * load the figure, its wake lock and its update hold.
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { readKeptExitPassQr } from '../../lib/kept-exit-pass-qr';
import { ExitPassFigure } from '../../ui/exit-pass-figure';
import type { ParkedCar } from './parked-car';

/** Null without a kept matrix for this car's pass: the card's one tap stays (lot-start.tsx). */
export function ParkedCarPass({ car, card }: { car: ParkedCar; card: ReactNode }) {
  const qr = readKeptExitPassQr(car.qrText);
  if (!qr) return card;
  return (
    <div className="lot-car lot-car--pass">
      <ExitPassFigure ticketNumber={car.ticketNumber} licensePlate={car.licensePlate} address={car.address} qr={qr} />
      <Link to="/parkandpay/session" search={{ licensePlate: car.licensePlate }} className="lot-car__more">
        Ticket details and charges
      </Link>
    </div>
  );
}
