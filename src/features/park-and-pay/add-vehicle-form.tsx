/**
 * Park-and-pay's side of adding a vehicle (spec 3 §2 "Scan license / add vehicle", §4 "Enter
 * vehicle info"). The form itself — fields, rules, the mobile wizard — is the vehicles feature's
 * one vehicle form, composed with these pieces in the route file (features never import each
 * other): what happens after a save, and the screen's way back and to the scanner.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { Vehicle } from '../../contract/vehicles';
import { updateDraft } from './draft-store';
import { plateScreenBackHref } from './flow-rules';

type PlateScreenSearch = { ticketNumber?: string | undefined; backTo?: string | undefined };

/**
 * After a save the new vehicle is the one being parked: it goes into the draft, then the
 * activation starts — convert pass when a ticketNumber came with the query, else the activation
 * screen (prepaid Yes/No, card, Activate Parking).
 */
export function useContinueWithVehicle({ ticketNumber }: PlateScreenSearch) {
  const navigate = useNavigate();
  return useCallback(
    async (vehicle: Vehicle) => {
      updateDraft({ licensePlate: vehicle.licensePlate, vehicleId: vehicle.vehicleId, isOversized: vehicle.isOversized, reservation: undefined });
      if (ticketNumber) await navigate({ to: '/parkandpay/convert', search: { ticketNumber, vehicleId: vehicle.vehicleId } });
      else await navigate({ to: '/parkandpay/reservation-payment' });
    },
    [navigate, ticketNumber],
  );
}

/** Spec 3 §2: Back goes to convert pass with a ticketNumber, else to backTo, else the vehicle screen. */
export function PlateScreenBack(search: PlateScreenSearch) {
  return <a href={plateScreenBackHref(search)} className="button button--secondary">Back</a>;
}

export function ScanPlateInstead(search: PlateScreenSearch) {
  return <Link to="/parkandpay/scan-license" search={search} className="link-button">Scan plate instead</Link>;
}
