/** SQL for provisional passes (migration 0040) and the customer vehicles a pass is converted with. */
import type { ProvisionalPass } from '../../src/contract/parking-system.ts';
import type { Db } from '../db/client.ts';
import { newPassNumber } from './ticket-numbers.ts';
import { isUniqueViolation } from './ticket-store.ts';

type PassRow = {
  pass_id: number;
  pass_number: string;
  location_id: number;
  location_number: string;
  address1: string;
  entry_time_utc: Date;
  converted_ticket_id: number | null;
};

const PASS_SELECT = `
  select p.pass_id, p.pass_number, p.location_id, l.location_number, l.address1, p.entry_time_utc, p.converted_ticket_id
  from provisional_passes p join locations l on l.location_id = p.location_id`;

export function toProvisionalPass(row: PassRow): ProvisionalPass {
  return {
    id: row.pass_id,
    ticketNumber: row.pass_number,
    entryTimeUtc: new Date(row.entry_time_utc).toISOString(),
    locationId: row.location_id,
    locationNumber: row.location_number,
    address1: row.address1,
  };
}

/** The customer's passes not yet converted into tickets, newest first. */
export async function listOpenPasses(db: Db, uid: string): Promise<PassRow[]> {
  return db.query<PassRow>(`${PASS_SELECT} where p.customer_uid = $1 and p.converted_ticket_id is null order by p.entry_time_utc desc`, [uid]);
}

export async function findCustomerPass(db: Db, uid: string, passId: number): Promise<PassRow | undefined> {
  const [row] = await db.query<PassRow>(`${PASS_SELECT} where p.customer_uid = $1 and p.pass_id = $2`, [uid, passId]);
  return row;
}

/** Marks the pass converted unless another request did it first; false when it lost that race. */
export async function markPassConverted(tx: Db, passId: number, ticketId: number, now: Date): Promise<boolean> {
  const rows = await tx.query(
    'update provisional_passes set converted_ticket_id = $2, converted_at = $3 where pass_id = $1 and converted_ticket_id is null returning pass_id',
    [passId, ticketId, now.toISOString()],
  );
  return rows.length === 1;
}

export async function insertPass(db: Db, pass: { passNumber: string; uid: string; locationId: number; entry: Date }): Promise<number> {
  const [row] = await db.query<{ pass_id: number }>(
    'insert into provisional_passes (pass_number, customer_uid, location_id, entry_time_utc) values ($1, $2, $3, $4) returning pass_id',
    [pass.passNumber, pass.uid, pass.locationId, pass.entry.toISOString()],
  );
  if (!row) throw new Error('insert into provisional_passes returned nothing');
  return row.pass_id;
}

/** A pass number not used by any pass or ticket yet (a collision is rare; drawing again settles it). */
export async function insertPassWithFreshNumber(db: Db, pass: { uid: string; locationId: number; entry: Date }): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const passNumber = newPassNumber();
    const taken = await db.query('select 1 from garage_tickets where ticket_number = $1', [passNumber]);
    if (taken.length > 0) continue;
    try {
      return await insertPass(db, { ...pass, passNumber });
    } catch (error: unknown) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

export async function findCustomerVehiclePlate(db: Db, uid: string, vehicleId: number): Promise<string | undefined> {
  const [row] = await db.query<{ license_plate: string }>(
    'select license_plate from vehicles where vehicle_id = $1 and owner_uid = $2 and removed_at is null',
    [vehicleId, uid],
  );
  return row?.license_plate;
}
