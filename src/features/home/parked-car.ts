/**
 * Which car the home page puts first ("Your car at 123 W 44th St · Show Exit Pass"), decided
 * from what the device already keeps, never from the network: the saved ticket list when there
 * is one (it knows which cars have left), else the exit passes kept in IndexedDB.
 */
import type { GarageTicket } from '../../contract/parking-system';
import { exitPassQrText } from '../../contract/exit-pass-text';
import type { ExitPassRecord } from '../../lib/offline-store';

/** `qrText`: what its exit pass's QR encodes, so the start URL can draw the pass from the kept matrix. */
export type ParkedCar = { licensePlate: string; address: string; ticketNumber: string; qrText: string; otherCars: number };

/**
 * A kept pass without a ticket list cannot tell whether the car has left; one saved within a
 * day is still put first (a daily ticket), older ones are not: better the lot buttons than a
 * "your car" for a car that went home days ago.
 */
export const KEPT_PASS_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The most recently entered car still in a garage (open or paid, not exited), if any. */
export function parkedCarFromTickets(tickets: readonly GarageTicket[], origin: string): ParkedCar | undefined {
  const parked = tickets
    .filter((ticket) => ticket.status !== 'exited' && ticket.vehicle.licensePlate)
    .sort((a, b) => Date.parse(b.entryTimeUtc) - Date.parse(a.entryTimeUtc));
  const [latest] = parked;
  if (!latest?.vehicle.licensePlate) return undefined;
  return {
    licensePlate: latest.vehicle.licensePlate,
    address: latest.address1,
    ticketNumber: latest.ticketNumber,
    qrText: exitPassQrText(origin, latest.ticketNumber),
    otherCars: parked.length - 1,
  };
}

/** The most recently saved pass younger than KEPT_PASS_MAX_AGE_MS, if any. */
export function parkedCarFromPasses(records: readonly ExitPassRecord[], now: number): ParkedCar | undefined {
  const recent = records
    .filter((record) => record.licensePlate && now - record.savedAt <= KEPT_PASS_MAX_AGE_MS)
    .sort((a, b) => b.savedAt - a.savedAt);
  const [latest] = recent;
  if (!latest) return undefined;
  return { licensePlate: latest.licensePlate, address: latest.address, ticketNumber: latest.ticketNumber, qrText: latest.qrText, otherCars: recent.length - 1 };
}
