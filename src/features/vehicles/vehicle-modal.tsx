/**
 * The Add/Edit Vehicle modal of My Account (spec 2 §2 "Vehicle modals", §4 "Vehicle modal"): the
 * one vehicle form in an accessible dialog that closes after a successful save. Editing reads the
 * vehicle from the cached list, so the modal opens offline too (saving then shows the network alert).
 */
import { useQuery } from '@tanstack/react-query';
import { vehiclesQueryOptions } from '../../lib/vehicles-api';
import { ModalDialog } from '../../ui/modal-dialog';
import { VehicleForm } from './vehicle-form';
import { VEHICLE_TEXT } from './vehicle-messages';

type Props = { vehicleId?: number | undefined; isEditing: boolean; onClose: () => void };

export function VehicleModal({ vehicleId, isEditing, onClose }: Props) {
  const vehicles = useQuery({ ...vehiclesQueryOptions, enabled: isEditing });
  const title = isEditing ? VEHICLE_TEXT.editTitle : VEHICLE_TEXT.addTitle;
  const cancel = <button type="button" className="button button--secondary" onClick={onClose}>{VEHICLE_TEXT.cancel}</button>;
  const vehicle = isEditing ? vehicles.data?.find((item) => item.vehicleId === vehicleId) : undefined;

  let body;
  if (isEditing && vehicles.isPending) body = <p role="status">Loading...</p>;
  else if (isEditing && !vehicle) body = <><p role="alert">{vehicles.isError && !vehicles.data ? VEHICLE_TEXT.loadFailed : VEHICLE_TEXT.notFound}</p>{cancel}</>;
  else body = <VehicleForm key={vehicle?.vehicleId ?? 'new'} vehicle={vehicle} onSaved={onClose} leaveAction={cancel} />;

  return (
    <ModalDialog title={title} onClose={onClose} className="vehicle-modal">
      {body}
    </ModalDialog>
  );
}
