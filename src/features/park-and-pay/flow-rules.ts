/**
 * Park-and-pay decisions (spec 3 §4 "Park and pay"), pure so every branch is unit-tested:
 * where "Activate Parking" leads (and with which vehicle), when active sessions auto-continue,
 * which ticket a plate has, whether the activation opens a new session the driver reports,
 * where Back goes from the plate screens, and the session timer.
 */
import type { GarageTicket, ProvisionalPass } from '../../contract/parking-system';
import type { Vehicle } from '../../contract/vehicles';
import { newYorkClock, newYorkDay, newYorkTime } from '../../lib/new-york-time';

export { lotCodeDigits } from './lot-code';

/** Adding a vehicle from "Park another vehicle": Back returns to Digital Tickets. */
export const ADD_ANOTHER_VEHICLE_HREF = '/parkandpay/scan-license?backTo=%2Fparkandpay%2Fdigital-tickets';

/** The one activation screen: vehicle, prepaid Yes/No, card, and Activate Parking (decision 0111). */
export const ACTIVATION_HREF = '/parkandpay/reservation-payment';

export type StartTarget = '/parkandpay/vehicles' | '/parkandpay/digital-tickets' | '/parkandpay/enter-vehicle' | typeof ACTIVATION_HREF | typeof ADD_ANOTHER_VEHICLE_HREF;

/**
 * The vehicle a returning driver parks without choosing (issue 38 item 8: at most three taps): the
 * one they activated last on this device, else their only vehicle — when it is not parked now.
 * Undefined when a choice is needed (several vehicles and none remembered, or it is parked).
 */
export function vehicleToActivate<T extends Pick<Vehicle, 'vehicleId' | 'licensePlate'>>(
  vehicles: readonly T[],
  tickets: readonly GarageTicket[],
  lastVehicleId?: number,
): T | undefined {
  const candidate = vehicles.find((vehicle) => vehicle.vehicleId === lastVehicleId) ?? (vehicles.length === 1 ? vehicles[0] : undefined);
  return candidate && !ticketForPlate(tickets, candidate.licensePlate) ? candidate : undefined;
}

/**
 * After sign-in: a returning driver's vehicle (vehicleToActivate) → straight to the activation
 * screen; else more than one vehicle → pick; else active sessions if a ticket exists; else the
 * vehicle screen. `isParkingAnother` (the driver came from Digital Tickets' "Park another vehicle")
 * never leads back to Digital Tickets — that was a loop: a second car could not be parked. It
 * goes to the picker while some vehicle is not parked yet, else straight to adding one.
 */
export function startTarget(vehicles: readonly Vehicle[], tickets: readonly GarageTicket[], isParkingAnother = false, lastVehicleId?: number): StartTarget {
  if (isParkingAnother) {
    if (vehicles.length === 0) return '/parkandpay/enter-vehicle';
    return vehicles.some((vehicle) => !ticketForPlate(tickets, vehicle.licensePlate)) ? '/parkandpay/vehicles' : ADD_ANOTHER_VEHICLE_HREF;
  }
  if (vehicleToActivate(vehicles, tickets, lastVehicleId)) return ACTIVATION_HREF;
  if (vehicles.length > 1) return '/parkandpay/vehicles';
  if (activeTickets(tickets).length > 0) return '/parkandpay/digital-tickets';
  return '/parkandpay/enter-vehicle';
}

/** The vehicle the picker preselects: the first one not parked yet (the next car to park), else the first. */
export function preselectedVehicle<T extends Pick<Vehicle, 'licensePlate'>>(vehicles: readonly T[], tickets: readonly GarageTicket[]): T | undefined {
  return vehicles.find((vehicle) => !ticketForPlate(tickets, vehicle.licensePlate)) ?? vehicles[0];
}

/** Tickets still in the garage (open or paid, not exited). */
export const activeTickets = (tickets: readonly GarageTicket[]): GarageTicket[] => tickets.filter((ticket) => ticket.status !== 'exited');

export function ticketForPlate(tickets: readonly GarageTicket[], licensePlate: string): GarageTicket | undefined {
  const plate = licensePlate.trim().toUpperCase();
  return activeTickets(tickets).find((ticket) => ticket.vehicle.licensePlate?.toUpperCase() === plate);
}

/**
 * Whether activating this plate here opens a new session the driver reports themselves — the
 * case the minimum-rate notice is for (spec 3 §4, decision 0111): no ticket of the driver's own
 * for the plate at this lot. The gate's tickets and other accounts' are never visible (decision
 * 0105), so the app cannot tell, and must not say, whether the garage saw the car.
 */
export function opensReportedSession(tickets: readonly GarageTicket[], licensePlate: string, locationId: number): boolean {
  const plate = licensePlate.trim().toUpperCase();
  return !activeTickets(tickets).some((ticket) => ticket.locationId === locationId && ticket.vehicle.licensePlate?.toUpperCase() === plate);
}

/** Active sessions auto-continue when there is exactly one ticket and no passes; returns its plate. */
export function autoContinuePlate(tickets: readonly GarageTicket[], passes: readonly ProvisionalPass[]): string | undefined {
  const active = activeTickets(tickets);
  if (active.length !== 1 || passes.length > 0) return undefined;
  return active[0]?.vehicle.licensePlate ?? undefined;
}

/** Spec 3 §2: Back goes to convert-pass if ticketNumber is in the query, else backTo, else the vehicle screen. */
export function plateScreenBackHref(search: { ticketNumber?: string | undefined; backTo?: string | undefined }): string {
  if (search.ticketNumber) return `/parkandpay/convert?ticketNumber=${encodeURIComponent(search.ticketNumber)}`;
  if (search.backTo?.startsWith('/parkandpay/')) return search.backTo;
  return '/parkandpay/enter-vehicle';
}

/** Seconds parked: seeded from the rate's minutes when it was fetched, then ticking on the device clock. */
export function elapsedSeconds(minutesAtFetch: number, fetchedAt: number, now: number): number {
  return Math.max(0, Math.floor(minutesAtFetch * 60 + (now - fetchedAt) / 1000));
}

/** The session timer reads HH:MM (hours grow past 24 rather than wrapping). */
export function formatTimer(seconds: number): string {
  const totalMinutes = Math.floor(Math.max(0, seconds) / 60);
  const hours = Math.floor(totalMinutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(totalMinutes % 60).padStart(2, '0')}`;
}

/** "12:04" in New York (24-hour), for "last updated" and entry times. */
export const formatClock = (instant: number | Date): string => newYorkClock(instant);

export const offlineMarkerText = (updatedAt: number): string => `offline · last updated ${formatClock(updatedAt)}`;

/** "Mon, Nov 23, 2026 · 9:41 AM" of an ISO instant, in New York. */
export function formatEntry(isoUtc: string): string {
  const date = new Date(isoUtc);
  return `${newYorkDay(date)} · ${newYorkTime(date)}`;
}
