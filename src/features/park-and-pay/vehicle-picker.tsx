/**
 * Vehicle / pick-vehicle (spec 3 §2, §4): the account's vehicles, first preselected; Continue goes
 * to the session when the plate already has a ticket (a vehicle not parked yet is preselected),
 * otherwise to the activation screen (prepaid Yes/No, card, Activate Parking). With no vehicles:
 * scan-license.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { vehicleMakeModel } from '../../contract/vehicles';
import { actionAlertFor, type ActionAlert } from './action-alert';
import { updateDraft } from './draft-store';
import { preselectedVehicle, ticketForPlate } from './flow-rules';
import { myTicketsQueryOptions } from './garage-api';
import { PARK_TEXT } from './messages';
import { AlertDialog } from './park-dialog';
import { ParkLayout } from './park-layout';
import { vehiclesQueryOptions } from './vehicles-api';

export function VehiclePicker({ title }: { title: string }) {
  // Always revalidated here: the persisted list may be a moment older than a vehicle just added
  // (the cache is written to storage at most once a second), and an empty list sends the driver away.
  const vehicles = useQuery({ ...vehiclesQueryOptions, refetchOnMount: 'always' });
  const tickets = useQuery(myTicketsQueryOptions);
  const [chosen, setChosen] = useState<number>();
  const [alert, setAlert] = useState<ActionAlert>();
  const navigate = useNavigate();
  const name = useId();
  if (vehicles.isPending) return <ParkLayout title={title}><p role="status">Loading...</p></ParkLayout>;
  if (vehicles.isError && !vehicles.data) return <ParkLayout title={title}><p role="alert">{actionAlertFor(vehicles.error).message}</p></ParkLayout>;
  const list = vehicles.data;
  // An empty copy is trusted only once the revalidation settled (or paused, offline).
  if (list.length === 0 && vehicles.isFetching) return <ParkLayout title={title}><p role="status">Loading...</p></ParkLayout>;
  if (list.length === 0) return <Navigate to="/parkandpay/scan-license" search={{ backTo: '/parkandpay/enter-vehicle' }} replace />;
  // The next car to park is preselected: a vehicle already parked goes last in line.
  const selectedId = chosen ?? preselectedVehicle(list, tickets.data ?? [])?.vehicleId;
  const onContinue = async () => {
    const vehicle = list.find((item) => item.vehicleId === selectedId);
    if (!vehicle) return;
    try {
      const existing = ticketForPlate(tickets.data ?? [], vehicle.licensePlate);
      if (existing) return await navigate({ to: '/parkandpay/session', search: { licensePlate: vehicle.licensePlate } });
      updateDraft({ licensePlate: vehicle.licensePlate, vehicleId: vehicle.vehicleId, isOversized: vehicle.isOversized, reservation: undefined });
      await navigate({ to: '/parkandpay/reservation-payment' });
    } catch (error: unknown) {
      setAlert(actionAlertFor(error));
    }
  };
  return (
    <ParkLayout title={title}>
      <fieldset className="park-vehicles">
        <legend>Choose the vehicle you parked</legend>
        {list.map((vehicle) => (
          <label key={vehicle.vehicleId} className="park-vehicles__item">
            <input type="radio" name={name} checked={vehicle.vehicleId === selectedId} onChange={() => setChosen(vehicle.vehicleId)} />
            <span>
              <strong>{vehicle.licensePlate}</strong> {vehicleMakeModel(vehicle)}
              {vehicle.nickname && ` · ${vehicle.nickname}`}
              {ticketForPlate(tickets.data ?? [], vehicle.licensePlate) && ' · parked now'}
            </span>
          </label>
        ))}
      </fieldset>
      <button type="button" className="button" onClick={() => void onContinue()}>Continue</button>
      <p>
        <Link to="/parkandpay/scan-license" search={{ backTo: '/parkandpay/vehicles' }}>Add Vehicle</Link>
      </p>
      {alert && <AlertDialog title={alert.title} message={alert.message} onClose={() => setAlert(undefined)} />}
    </ParkLayout>
  );
}

/** Shown on scan-license when the account has no vehicle yet: "No Vehicles found" and Add Vehicle (the typed form). */
export function NoVehiclesNote({ ticketNumber, backTo }: { ticketNumber?: string | undefined; backTo?: string | undefined }) {
  const vehicles = useQuery(vehiclesQueryOptions);
  if (!vehicles.data || vehicles.data.length > 0) return null;
  return (
    <div className="notice">
      <p>{PARK_TEXT.noVehicles}</p>
      <Link to="/parkandpay/enter-vehicle-info" search={{ ticketNumber, backTo }} className="button button--secondary">Add Vehicle</Link>
    </div>
  );
}
