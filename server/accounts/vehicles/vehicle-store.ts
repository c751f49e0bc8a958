/**
 * SQL for vehicles (table in 0030_vehicles.sql; year, make, model and colour may be null since
 * 0098, decision 0111). Every read and write is scoped by the owner's
 * uid, so another customer's vehicleId behaves exactly like one that does not exist.
 */
import { VEHICLE_TYPES, type Vehicle, type VehicleFields } from '../../../src/contract/vehicles.ts';
import type { Db } from '../../db/client.ts';

type VehicleRow = {
  vehicle_id: number;
  license_plate: string;
  original_license_plate: string;
  vehicle_type_id: number;
  make: string | null;
  model: string | null;
  country: string;
  state: string;
  color: string | null;
  year: number | null;
  nickname: string | null;
  removal_date: string | null;
  is_oversized: boolean;
  is_temporary: boolean;
  is_ticketed: boolean;
};

// removal_date is read as text so both drivers give YYYY-MM-DD (not a Date at UTC midnight).
const COLUMNS = `vehicle_id, license_plate, original_license_plate, vehicle_type_id, make, model, country, state,
  color, year, nickname, removal_date::text as removal_date, is_oversized, is_temporary, is_ticketed`;

function toVehicle(row: VehicleRow): Vehicle {
  return {
    vehicleId: row.vehicle_id,
    licensePlate: row.license_plate,
    make: row.make,
    model: row.model,
    country: row.country,
    state: row.state,
    color: row.color,
    year: row.year,
    nickname: row.nickname,
    removalDate: row.removal_date,
    isOversized: row.is_oversized,
    isTemporary: row.is_temporary,
    vehicleTypeId: row.vehicle_type_id,
    vehicleTypeName: VEHICLE_TYPES.find((type) => type.vehicleTypeId === row.vehicle_type_id)?.typeName ?? 'Car/Truck',
    isTicketed: row.is_ticketed,
    originalLicensePlate: row.original_license_plate,
  };
}

/** Active vehicles, oldest first; a rental drops off the list the day after its removal date. */
export async function listVehicles(db: Db, ownerUid: string, today: string): Promise<Vehicle[]> {
  const rows = await db.query<VehicleRow>(
    `select ${COLUMNS} from vehicles
     where owner_uid = $1 and removed_at is null and (removal_date is null or removal_date >= $2::date)
     order by vehicle_id`,
    [ownerUid, today],
  );
  return rows.map(toVehicle);
}

export async function findVehicle(db: Db, ownerUid: string, vehicleId: number): Promise<Vehicle | undefined> {
  const [row] = await db.query<VehicleRow>(
    `select ${COLUMNS} from vehicles where owner_uid = $1 and vehicle_id = $2 and removed_at is null`,
    [ownerUid, vehicleId],
  );
  return row && toVehicle(row);
}

/**
 * Rentals past their removal date are off the list (listVehicles) but their rows still hold the
 * one-active-plate index: retire them (removed_at) so the plate can be registered again.
 */
export async function retireExpiredRentals(db: Db, ownerUid: string, today: string, now: Date): Promise<void> {
  await db.query(
    `update vehicles set removed_at = $3
     where owner_uid = $1 and removed_at is null and removal_date is not null and removal_date < $2::date`,
    [ownerUid, today, now],
  );
}

/** True when another active vehicle of this owner has the plate in the same state and country. */
export async function hasDuplicatePlate(db: Db, ownerUid: string, fields: VehicleFields, exceptVehicleId?: number): Promise<boolean> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from vehicles
     where owner_uid = $1 and removed_at is null and license_plate = $2
       and lower(country) = lower($3) and lower(state) = lower($4) and vehicle_id <> $5`,
    [ownerUid, fields.licensePlate, fields.country, fields.state, exceptVehicleId ?? 0],
  );
  return (row?.n ?? 0) > 0;
}

function fieldParams(fields: VehicleFields) {
  return [
    fields.licensePlate, fields.vehicleTypeId, fields.make, fields.model, fields.country, fields.state,
    fields.color, fields.year, fields.nickname, fields.removalDate, fields.isOversized, fields.isTemporary,
  ];
}

export async function insertVehicle(db: Db, ownerUid: string, fields: VehicleFields, now: Date): Promise<Vehicle> {
  const [row] = await db.query<VehicleRow>(
    `insert into vehicles (license_plate, vehicle_type_id, make, model, country, state, color, year, nickname,
       removal_date, is_oversized, is_temporary, owner_uid, original_license_plate, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::date, $11, $12, $13, $1, $14, $14)
     returning ${COLUMNS}`,
    [...fieldParams(fields), ownerUid, now],
  );
  if (!row) throw new Error('insert into vehicles returned no row');
  return toVehicle(row);
}

export async function updateVehicle(db: Db, ownerUid: string, vehicleId: number, fields: VehicleFields, now: Date): Promise<Vehicle | undefined> {
  const [row] = await db.query<VehicleRow>(
    `update vehicles set license_plate = $1, vehicle_type_id = $2, make = $3, model = $4, country = $5, state = $6,
       color = $7, year = $8, nickname = $9, removal_date = $10::date, is_oversized = $11, is_temporary = $12, updated_at = $15
     where owner_uid = $13 and vehicle_id = $14 and removed_at is null
     returning ${COLUMNS}`,
    [...fieldParams(fields), ownerUid, vehicleId, now],
  );
  return row && toVehicle(row);
}

export async function removeVehicle(db: Db, ownerUid: string, vehicleId: number, now: Date): Promise<boolean> {
  const rows = await db.query<{ vehicle_id: number }>(
    `update vehicles set removed_at = $3 where owner_uid = $1 and vehicle_id = $2 and removed_at is null returning vehicle_id`,
    [ownerUid, vehicleId, now],
  );
  return rows.length > 0;
}

/** A unique-index violation (two saves of one plate racing past the duplicate check). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === '23505';
}
