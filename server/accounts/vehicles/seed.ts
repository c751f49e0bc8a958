/**
 * The demo drivers' vehicles: every plate a demo driver has parked (their claimed tickets in
 * server/parking-system/seed.ts, Sam's monthly plate) is on their Vehicles page, as it would be
 * for a driver who added the car before parking it. Runs after the parking-system seed, so
 * `is_ticketed` says which of them is on a lot now.
 */
import type { VehicleFields } from '../../../src/contract/vehicles.ts';
import type { Db } from '../../db/client.ts';
import { DEMO_MONTHLY_TICKET } from '../../monthly-contracts/seed.ts';
import { DEMO_TICKETS } from '../../parking-system/seed.ts';
import { syncVehicleTicketed } from '../../parking-system/ticket-store.ts';
import { insertVehicle } from './vehicle-store.ts';

type DemoCar = Pick<VehicleFields, 'make' | 'model' | 'color' | 'year' | 'state' | 'nickname'>;

/** The car behind each demo plate. */
const DEMO_CARS: Record<string, { ownerUid: string } & DemoCar> = {
  DEMO123: { ownerUid: 'demo-driver-1', make: 'Toyota', model: 'Camry', color: 'Silver', year: 2021, state: 'NY', nickname: 'Camry' },
  DEMO456: { ownerUid: 'demo-driver-2', make: 'Ford', model: 'Escape', color: 'Blue', year: 2019, state: 'NJ', nickname: null },
  // The car of Sam's monthly contract (server/monthly-contracts/seed.ts).
  [DEMO_MONTHLY_TICKET]: { ownerUid: 'demo-driver-2', make: 'Honda', model: 'Civic', color: 'Gray', year: 2021, state: 'NJ', nickname: null },
};

/** Plates the demo drivers have parked: their claimed tickets, and the monthly plate. */
export function demoDriverPlates(): { ownerUid: string; plate: string }[] {
  const claimed = DEMO_TICKETS.flatMap((ticket) => (ticket.customerUid ? [{ ownerUid: ticket.customerUid, plate: ticket.plate }] : []));
  return [...claimed, { ownerUid: 'demo-driver-2', plate: DEMO_MONTHLY_TICKET }];
}

export async function seedDemoVehicles(tx: Db, now: Date): Promise<void> {
  for (const { ownerUid, plate } of demoDriverPlates()) {
    const car = DEMO_CARS[plate];
    if (!car) throw new Error(`no demo car for plate ${plate}: add it to DEMO_CARS`);
    if (car.ownerUid !== ownerUid) throw new Error(`demo plate ${plate} belongs to ${car.ownerUid}, not ${ownerUid}`);
    const { ownerUid: _owner, ...fields } = car;
    await insertVehicle(tx, ownerUid, { ...fields, licensePlate: plate, vehicleTypeId: 1, country: 'United States', removalDate: null, isOversized: false, isTemporary: false }, now);
    await syncVehicleTicketed(tx, plate);
  }
}
