/**
 * My Account › Vehicles (spec 2 §2, §3 Vehicle): the account's vehicles with Add, Edit and
 * Remove (after a confirmation). Add and Edit are routes of their own (/vehicles/add,
 * /vehicles/edit/{vehicleId}) that open the Add/Edit Vehicle modal over this list; closing the
 * modal returns to /my-account/vehicles. The list is the persisted query, so it shows offline.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Vehicle } from '../../contract/vehicles';
import { invalidateVehicles, removeVehicle, vehiclesQueryOptions } from '../../lib/vehicles-api';
import { AlertModal, ModalDialog } from '../../ui/modal-dialog';
import { formatRemovalDate, vehicleDescription, vehicleRegistration, vehicleTitle } from './vehicle-display';
import { offlineVehicleAlert, removeErrorAlert, VEHICLE_TEXT, type VehicleAlert } from './vehicle-messages';
import { VehicleModal } from './vehicle-modal';
import './vehicles.css';

export type VehiclesPageMode = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; vehicleId: number | undefined };

export function VehiclesPage({ mode }: { mode: VehiclesPageMode }) {
  // The device's copy shows at once (offline too) and is checked against the server on every visit.
  const vehicles = useQuery({ ...vehiclesQueryOptions, refetchOnMount: 'always' });
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<Vehicle>();
  const closeModal = () => void navigate({ to: '/my-account/vehicles' });

  return (
    <section className="page page--narrow vehicles-page">
      <header className="vehicles-page__header">
        <h1>{VEHICLE_TEXT.pageTitle}</h1>
        <Link to="/my-account/vehicles/add" className="button">{VEHICLE_TEXT.addTitle}</Link>
      </header>
      {vehicles.isPending ? (
        <p role="status">Loading...</p>
      ) : vehicles.isError && !vehicles.data ? (
        // Spec 2 §8: a load failure raises no alert; the page says the list is not available.
        <p>{VEHICLE_TEXT.loadFailed}</p>
      ) : vehicles.data.length === 0 ? (
        <div className="vehicles-empty">
          <p><strong>{VEHICLE_TEXT.empty}</strong></p>
          <p>{VEHICLE_TEXT.emptyHint}</p>
        </div>
      ) : (
        <ul className="vehicles-list" aria-label="Your vehicles">
          {vehicles.data.map((vehicle) => (
            <li key={vehicle.vehicleId}>
              <VehicleCard vehicle={vehicle} onRemove={() => setRemoving(vehicle)} />
            </li>
          ))}
        </ul>
      )}
      {mode.kind !== 'list' && (
        <VehicleModal isEditing={mode.kind === 'edit'} vehicleId={mode.kind === 'edit' ? mode.vehicleId : undefined} onClose={closeModal} />
      )}
      {removing && <RemoveVehicleDialog vehicle={removing} onDone={() => setRemoving(undefined)} />}
    </section>
  );
}

function VehicleCard({ vehicle, onRemove }: { vehicle: Vehicle; onRemove: () => void }) {
  const headingId = `vehicle-${vehicle.vehicleId}`;
  return (
    <article className="vehicle-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{vehicleTitle(vehicle)}</h2>
      <p className="vehicle-card__plate">{vehicle.licensePlate}</p>
      <dl className="vehicle-card__facts">
        <dt>State</dt>
        <dd>{vehicleRegistration(vehicle)}</dd>
        <dt>Vehicle</dt>
        <dd>{vehicleDescription(vehicle) ?? VEHICLE_TEXT.noDetails}</dd>
        <dt>Type</dt>
        <dd>{vehicle.vehicleTypeName}</dd>
        {vehicle.isTemporary && vehicle.removalDate && (
          <>
            <dt>Rental</dt>
            <dd>Removed after {formatRemovalDate(vehicle.removalDate)}</dd>
          </>
        )}
      </dl>
      {vehicle.isTicketed && <p className="notice">{VEHICLE_TEXT.parkedNow}</p>}
      <div className="vehicle-card__actions">
        <Link to="/my-account/vehicles/edit/$vehicleId" params={{ vehicleId: String(vehicle.vehicleId) }} className="button button--secondary" aria-label={`Edit ${vehicle.licensePlate}`}>
          Edit
        </Link>
        <button type="button" className="link-button" onClick={onRemove} aria-label={`Remove ${vehicle.licensePlate}`}>
          {VEHICLE_TEXT.remove}
        </button>
      </div>
    </article>
  );
}

/** "Remove Vehicle" confirmation; removing refreshes the list, a failure shows the error alert. */
function RemoveVehicleDialog({ vehicle, onDone }: { vehicle: Vehicle; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [isRemoving, setIsRemoving] = useState(false);
  const [alert, setAlert] = useState<VehicleAlert>();
  const confirm = async () => {
    const offline = offlineVehicleAlert();
    if (offline) return setAlert(offline);
    setIsRemoving(true);
    try {
      await removeVehicle(vehicle.vehicleId);
      await invalidateVehicles(queryClient);
      onDone();
    } catch (error: unknown) {
      setAlert(removeErrorAlert(error));
    } finally {
      setIsRemoving(false);
    }
  };
  if (alert) return <AlertModal title={alert.title} message={alert.message} onClose={onDone} />;
  return (
    <ModalDialog
      title={VEHICLE_TEXT.removeTitle}
      role="alertdialog"
      onClose={onDone}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onDone} autoFocus>{VEHICLE_TEXT.cancel}</button>
          <button type="button" className="button" onClick={() => void confirm()} disabled={isRemoving}>{VEHICLE_TEXT.remove}</button>
        </>
      }
    >
      <p>{VEHICLE_TEXT.removeText(vehicle.licensePlate)}</p>
    </ModalDialog>
  );
}
