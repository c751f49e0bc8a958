/**
 * One small database interface over two drivers: embedded PGlite (the default, in DATA_DIR)
 * and a real PostgreSQL server (DATABASE_URL). Services write plain SQL with $1 parameters;
 * both drivers return the same JS types (int8 and numeric become numbers, timestamptz a Date).
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { log } from '../lib/logger.ts';
import { observePool, timeQuery } from '../lib/metrics.ts';

export type Db = {
  readonly kind: 'pglite' | 'postgres';
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs several statements with no parameters (migrations). */
  exec(sql: string): Promise<void>;
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

const INT8_OID = 20;
const NUMERIC_OID = 1700;
const toNumber = (value: string) => Number(value);
/** Same JS types from both drivers: int8 and numeric as numbers. */
export const PGLITE_PARSERS = { [INT8_OID]: toNumber, [NUMERIC_OID]: toNumber };
/** Extensions the migrations create (pg_trgm: place search); PostgreSQL has them in contrib. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export async function openPglite(dataDir?: string): Promise<Db> {
  const pglite = await PGlite.create(dataDir, { parsers: PGLITE_PARSERS, extensions: PGLITE_EXTENSIONS });
  return wrapPgliteInstance(pglite);
}

/** Wraps an already created PGlite (tests load one from a dump); the parsers are set here too. */
export function wrapPgliteInstance(pglite: PGlite): Db {
  return wrapPglite(pglite, async () => pglite.close());
}

type PgliteLike = Pick<PGlite, 'query' | 'exec'> & { transaction?: PGlite['transaction'] };

function wrapPglite(pglite: PgliteLike, close: () => Promise<void>): Db {
  return {
    kind: 'pglite',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await timeQuery('pglite', () => pglite.query<Row>(sql, params as unknown[]));
      return result.rows;
    },
    async exec(sql: string) {
      await pglite.exec(sql);
    },
    async transaction<T>(work: (tx: Db) => Promise<T>) {
      if (!pglite.transaction) return work(this);
      return pglite.transaction((tx) => work(wrapPglite(tx, async () => {})));
    },
    close,
  };
}

pg.types.setTypeParser(INT8_OID, toNumber);
pg.types.setTypeParser(NUMERIC_OID, toNumber);

export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle pooled connection the server closes (restart, dropped database) must not crash the process.
  pool.on('error', (error) => log.warn(`[db] idle PostgreSQL connection closed: ${error.message}`));
  observePool(pool); // connections in use and waiting, for /metrics
  await pool.query('select 1');
  return wrapPool(pool);
}

function wrapPool(pool: pg.Pool): Db {
  return {
    kind: 'postgres',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await timeQuery('postgres', () => pool.query(sql, params as unknown[]));
      return result.rows as Row[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(work: (tx: Db) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrapClient(client));
        await client.query('COMMIT');
        return result;
      } catch (error: unknown) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

function wrapClient(client: pg.PoolClient): Db {
  return {
    kind: 'postgres',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await timeQuery('postgres', () => client.query(sql, params as unknown[]));
      return result.rows as Row[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
    transaction: (work) => work(wrapClient(client)),
    close: async () => {},
  };
}
