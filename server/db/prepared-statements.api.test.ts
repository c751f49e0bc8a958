/**
 * The server prepares its parameterised PostgreSQL statements (client.ts, preparedName; decision
 * 0124). What that must not break: a rolling deploy migrates the database under a running
 * release, and a prepared statement whose result columns `*` expands would then fail on every
 * connection that prepared it ("cached plan must not change result type"). Here the same pool
 * runs a `select *` and a column-listed statement often enough to be prepared and planned
 * generically, a column is added as a new release's migration would, and both run again.
 * PostgreSQL run only (PGlite runs in one process and is not prepared).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ON_POSTGRES, openTestDatabase } from '../testing/test-db.ts';
import { type Db, preparedName } from './client.ts';

const LISTED = 'select location_id, location_number from locations where location_id = $1';
const STARRED = 'select * from locations where location_id = $1';

describe.skipIf(!ON_POSTGRES)('prepared statements across a migration (PostgreSQL run)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => db?.close());

  it('a column added under a running release leaves its statements working, prepared or not', async () => {
    expect(preparedName(LISTED, [1])).toBeDefined();
    expect(preparedName(STARRED, [1])).toBeUndefined();
    // Sequential calls: the pool uses one connection, so the prepared copy is the one run again.
    for (let i = 0; i < 8; i += 1) {
      expect(await db.query(LISTED, [1])).toHaveLength(1);
      expect(await db.query(STARRED, [1])).toHaveLength(1);
    }
    const [prepared] = await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements where name = $1', [preparedName(LISTED, [1])]);
    expect(prepared?.n).toBe(1);
    await db.exec('alter table locations add column deploy_check integer');
    const [row] = await db.query<Record<string, unknown>>(STARRED, [1]);
    expect(row).toHaveProperty('deploy_check', null);
    expect(await db.query(LISTED, [1])).toEqual([expect.objectContaining({ location_id: 1 })]);
  });
});
