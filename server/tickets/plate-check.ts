/**
 * Spec 3 §4: "If the plate entered does not match any vehicle on the lot, the warning in section 8
 * applies, and the minimum rate is charged with an audit review." On a ticket the car on the lot
 * is the plate the garage recorded at entry. The plate "entered" is the one the driver typed
 * (the calls' optional `licensePlate`) or, for a signed-in driver who did not type one, their
 * vehicles: the ticket matches when its plate is one of them. A driver with no vehicles, a ticket
 * they claimed, a monthly or exited ticket are never reported as a mismatch.
 *
 * The check only warns; the minimum rate with an audit review applies once the driver goes on
 * with that plate (confirm-plate, ticket-actions.ts).
 */
import type { Db } from '../db/client.ts';
import type { Caller } from '../parking-system/staff-key.ts';
import type { TicketRow } from '../parking-system/ticket-store.ts';

/** Pure rule: does the plate the driver entered (or any of their vehicles) name the car on the ticket? */
export function isPlateMismatch(ticketPlate: string | null, entered: { typed?: string | null; vehiclePlates?: readonly string[] }): boolean {
  if (entered.typed) return entered.typed !== ticketPlate;
  const plates = entered.vehiclePlates ?? [];
  return plates.length > 0 && (ticketPlate === null || !plates.includes(ticketPlate));
}

export async function checkPlate(db: Db, row: TicketRow, caller: Caller, typed: string | null | undefined): Promise<boolean> {
  if (row.is_monthly || row.status === 'exited') return false;
  if (typed) return isPlateMismatch(row.license_plate, { typed });
  if (caller.kind !== 'customer' || row.customer_uid === caller.user.uid) return false;
  const vehicles = await db.query<{ license_plate: string }>('select license_plate from vehicles where owner_uid = $1 and removed_at is null', [caller.user.uid]);
  return isPlateMismatch(row.license_plate, { vehiclePlates: vehicles.map((vehicle) => vehicle.license_plate) });
}
