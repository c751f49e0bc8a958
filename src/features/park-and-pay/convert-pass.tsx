/**
 * Convert pass (spec 3 §4): no vehicles (none that is not already on a lot) → scan-license; no saved payment method → the payment
 * step; otherwise convert the pass with the chosen (or first) vehicle and return to active
 * sessions, also on error (with the alert).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { vehicleMakeModel } from '../../contract/vehicles';
import { savedPaymentMethodsQueryOptions } from '../../lib/payments-client';
import { actionAlertFor, offlineAlert, type ActionAlert } from './action-alert';
import { convertPass, garageKeys, myPassesQueryOptions } from './garage-api';
import { AlertDialog } from './park-dialog';
import { ParkLayout } from './park-layout';
import { vehiclesQueryOptions } from './vehicles-api';

export function ConvertPass({ ticketNumber, vehicleId }: { ticketNumber: string | undefined; vehicleId: number | undefined }) {
  const vehicles = useQuery(vehiclesQueryOptions);
  const methods = useQuery(savedPaymentMethodsQueryOptions);
  const passes = useQuery(myPassesQueryOptions);
  const [alert, setAlert] = useState<ActionAlert>();
  const [isBusy, setIsBusy] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (vehicles.isPending || methods.isPending || passes.isPending) return <ParkLayout title="Convert Pass"><p role="status">Loading...</p></ParkLayout>;
  // A pass is for a car not yet on this lot: a vehicle already ticketed somewhere cannot take it,
  // so with none free the driver adds the car (spec: "with no vehicles go to scan-license").
  const freeVehicles = (vehicles.data ?? []).filter((item) => !item.isTicketed || item.vehicleId === vehicleId);
  if (freeVehicles.length === 0) return <Navigate to="/parkandpay/scan-license" search={{ ticketNumber }} replace />;
  if ((methods.data ?? []).length === 0) return <Navigate to="/parkandpay/convert/payment" search={{ ticketNumber, vehicleId }} replace />;
  const pass = (passes.data ?? []).find((item) => item.ticketNumber === ticketNumber);
  if (!pass) return <Navigate to="/parkandpay/digital-tickets" replace />;
  const vehicle = freeVehicles.find((item) => item.vehicleId === vehicleId) ?? freeVehicles[0];
  const convert = async () => {
    if (!vehicle) return;
    const offline = offlineAlert();
    if (offline) return setAlert(offline);
    setIsBusy(true);
    try {
      await convertPass(pass.id, vehicle.vehicleId);
    } catch (error: unknown) {
      setAlert(actionAlertFor(error));
    } finally {
      setIsBusy(false);
      // Tickets are not shown here (an inactive query): refetch them too, or active sessions would
      // decide on the old list (one ticket, no pass left → auto-continue to the wrong session).
      await queryClient.invalidateQueries({ queryKey: garageKeys.all, refetchType: 'all' });
    }
    await navigate({ to: '/parkandpay/digital-tickets' });
  };
  return (
    <ParkLayout title="Convert Pass">
      <p>
        Provisional pass <strong>{pass.ticketNumber}</strong> at {pass.address1}
      </p>
      <p>Vehicle: {vehicle ? [vehicle.licensePlate, vehicleMakeModel(vehicle)].filter(Boolean).join(' ') : ''}</p>
      <button type="button" className="button" disabled={isBusy} onClick={() => void convert()}>{isBusy ? 'Converting...' : 'Convert to Ticket'}</button>
      {alert && <AlertDialog title={alert.title} message={alert.message} onClose={() => setAlert(undefined)} />}
    </ParkLayout>
  );
}
