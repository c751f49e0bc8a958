/**
 * The vehicle a driver last activated, remembered on the device so the next Activate Parking goes
 * straight to the activation screen with it (issue 38 item 8, decision 0111). Kept in local
 * storage with the draft's pattern (a `pf-` key, draft-store.ts), with its owner: it is read back
 * only for the device's holder (src/lib/saved-data-owner.ts), so another driver on a shared phone
 * never starts with someone else's plate. Only an id and a plate: the vehicle itself comes from
 * the account's (persisted) vehicle list, so a removed vehicle is simply not found.
 */
import { deviceHolderUid } from '../../lib/saved-data-owner';
import { readStorage, writeStorage } from '../../lib/storage';

const KEY = 'pf-parkandpay-last-vehicle';

export type LastVehicle = { vehicleId: number; licensePlate: string; ownerUid: string };

export function rememberLastVehicle(vehicle: { vehicleId: number; licensePlate: string }): void {
  const ownerUid = deviceHolderUid();
  if (ownerUid === null) return;
  writeStorage(KEY, JSON.stringify({ vehicleId: vehicle.vehicleId, licensePlate: vehicle.licensePlate, ownerUid } satisfies LastVehicle));
}

/** The holder's last vehicle, if any was remembered for them. */
export function readLastVehicle(): LastVehicle | undefined {
  const holder = deviceHolderUid();
  if (holder === null) return undefined;
  try {
    const parsed = JSON.parse(readStorage(KEY) ?? 'null') as Partial<LastVehicle> | null;
    if (!parsed || parsed.ownerUid !== holder || typeof parsed.vehicleId !== 'number' || typeof parsed.licensePlate !== 'string') return undefined;
    return { vehicleId: parsed.vehicleId, licensePlate: parsed.licensePlate, ownerUid: parsed.ownerUid };
  } catch {
    return undefined;
  }
}
