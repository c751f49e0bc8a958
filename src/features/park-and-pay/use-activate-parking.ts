/**
 * "Activate Parking" (spec 3 §4): signed-out drivers go to the park-and-pay sign-in with a
 * redirect back here (auto=true continues on return); signed-in drivers have their vehicles and
 * tickets loaded and go to the screen `startTarget` picks. A returning driver's vehicle (the one
 * remembered on the device, else the only one) goes into the draft and straight to the
 * activation screen: one more tap parks it (decision 0111).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Location } from '../../contract/locations';
import { session } from '../../lib/session';
import { actionAlertFor, offlineAlert, type ActionAlert } from './action-alert';
import { readDraft, updateDraft } from './draft-store';
import { ACTIVATION_HREF, startTarget, vehicleToActivate } from './flow-rules';
import { readLastVehicle } from './last-vehicle';

export function useActivateParking() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<ActionAlert>();
  const [isBusy, setIsBusy] = useState(false);

  const activate = async (location: Location) => {
    const { status } = await session.whenReady();
    if (status !== 'signed-in') {
      const back = `/parkandpay/welcome?location=${encodeURIComponent(location.locationNumber)}&auto=true`;
      await navigate({ href: `/parkandpay/sign-in?redirect=${encodeURIComponent(back)}` });
      return;
    }
    const offline = offlineAlert();
    if (offline) return setAlert(offline);
    setIsBusy(true);
    try {
      const { isParkingAnother } = readDraft();
      updateDraft({ locationId: location.locationId, locationNumber: location.locationNumber, reservation: undefined, activatedAt: new Date().toISOString(), isParkingAnother: undefined });
      // Loaded on press: keeps the vehicle contract (region lists) out of the welcome screen's first JS.
      const [{ vehiclesQueryOptions }, { myTicketsQueryOptions }] = await Promise.all([import('./vehicles-api'), import('./garage-api')]);
      const [vehicles, tickets] = await Promise.all([
        queryClient.fetchQuery({ ...vehiclesQueryOptions, staleTime: 0 }),
        queryClient.fetchQuery({ ...myTicketsQueryOptions, staleTime: 0 }),
      ]);
      const lastVehicleId = readLastVehicle()?.vehicleId;
      const target = startTarget(vehicles, tickets, isParkingAnother === true, lastVehicleId);
      const vehicle = target === ACTIVATION_HREF ? vehicleToActivate(vehicles, tickets, lastVehicleId) : undefined;
      if (vehicle) updateDraft({ licensePlate: vehicle.licensePlate, vehicleId: vehicle.vehicleId, isOversized: vehicle.isOversized });
      await navigate({ href: target });
    } catch (error: unknown) {
      setAlert(actionAlertFor(error));
    } finally {
      setIsBusy(false);
    }
  };

  return { activate, isBusy, alert, closeAlert: () => setAlert(undefined) };
}
