/** A saved vehicle straight into the table (a Honda Civic in NY), for API tests that need one without the add-vehicle call. */
import type { Db } from '../db/client.ts';

export async function insertVehicle(db: Db, uid: string, plate: string): Promise<number> {
  const [row] = await db.query<{ vehicle_id: number }>(
    `insert into vehicles (owner_uid, license_plate, original_license_plate, vehicle_type_id, make, model, country, state, color, year, created_at, updated_at)
     values ($1, $2, $2, 1, 'Honda', 'Civic', 'United States', 'NY', 'Blue', 2021, now(), now()) returning vehicle_id`,
    [uid, plate],
  );
  return row?.vehicle_id ?? 0;
}
