/**
 * Seeds the operator's data on first start (an empty locations table), in one transaction that
 * holds the migrations' first-start lock: the emptiness check runs inside it, so processes
 * started together on an empty database seed it once (the others wait, then find it seeded).
 * Each service owns its seeder beside its routes; this file only orders them. Seeds are
 * deterministic: anything time-based (blackouts, events, cars on lots) is placed relative
 * to `now`, so a fresh database always looks "live".
 */
import { seedDemoVehicles } from '../accounts/vehicles/seed.ts';
import { seedContent } from '../content/seed.ts';
import { seedLocations } from '../locations/seed.ts';
import { seedMonthlyContracts } from '../monthly-contracts/seed.ts';
import { seedParkingSystem } from '../parking-system/seed.ts';
import { seedRates } from '../rates/seed.ts';
import { seedReservations } from '../reservations/seed.ts';
import { seedSearchIfEmpty } from '../search/seed.ts';
import type { Db } from './client.ts';
import { withFirstStartLock } from './migrate.ts';

export async function seedIfEmpty(db: Db, now: Date): Promise<boolean> {
  return withFirstStartLock(db, async (tx) => {
    const [row] = await tx.query<{ n: number }>('select count(*)::int as n from locations');
    if ((row?.n ?? 0) > 0) {
      await seedSearchIfEmpty(tx); // a database seeded before the gazetteer existed gets it now
      return false;
    }
    await seedLocations(tx, now);
    await seedContent(tx, now);
    await seedRates(tx, now);
    await seedReservations(tx, now);
    await seedParkingSystem(tx, now);
    await seedMonthlyContracts(tx, now);
    await seedDemoVehicles(tx, now);
    await seedSearchIfEmpty(tx);
    return true;
  });
}
