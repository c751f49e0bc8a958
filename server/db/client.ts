/**
 * One small database interface over two drivers: embedded PGlite (the default, in DATA_DIR)
 * and a real PostgreSQL server (DATABASE_URL). Services write plain SQL with $1 parameters;
 * both drivers return the same JS types (int8 and numeric become numbers, timestamptz a Date).
 */
import { createHash } from 'node:crypto';
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

/** Distinct statement texts one pool prepares; texts past it run unprepared (see `preparedName`). */
export const MAX_PREPARED_STATEMENTS = 500;
/** A result list that `*` expands: its columns are fixed when the statement is prepared. */
const STAR_COLUMNS = /\b(select|returning)\s+(distinct\s+)?\*|\b[a-z_][a-z0-9_]*\.\*|,\s*\*/i;

/**
 * The name a PostgreSQL statement is prepared under on each pooled connection, or undefined to
 * send it unprepared (decision 0124). A prepared statement is parsed once per connection and,
 * after five runs, planned once too (PostgreSQL's generic plan, taken only when it costs no more
 * than planning each time): on the charge path that saved about a quarter of PostgreSQL's CPU.
 * Left unprepared:
 * - statements without parameters (migrations, `exec`, BEGIN/COMMIT): mostly run once;
 * - a result list that `*` expands (`select *`, `returning *`, `t.*`): a rolling deploy's
 *   migration that adds a column would make the running release's prepared copy fail with
 *   "cached plan must not change result type", and inside a transaction that error cannot be
 *   retried.
 * server/db/hot-path-plans.api.test.ts checks the generic plans of the hot paths' statements.
 */
export function preparedName(sql: string, params: readonly unknown[]): string | undefined {
  if (params.length === 0 || STAR_COLUMNS.test(sql)) return undefined;
  return `pf_${createHash('sha1').update(sql).digest('base64url')}`;
}

/**
 * A pool's `preparedName`, remembered per text, for at most `max` texts: SQL built with values in
 * it would otherwise grow every connection's set of prepared statements without end.
 */
export function statementNamer(max = MAX_PREPARED_STATEMENTS): (sql: string, params: readonly unknown[]) => string | undefined {
  const names = new Map<string, string | undefined>();
  return (sql, params) => {
    if (params.length === 0) return undefined;
    if (names.has(sql)) return names.get(sql);
    if (names.size >= max) return undefined;
    const name = preparedName(sql, params);
    names.set(sql, name);
    return name;
  };
}

type Namer = ReturnType<typeof statementNamer>;

/** node-postgres's query config: named (prepared) when the pool's namer says so. */
function statement(namer: Namer, sql: string, params: readonly unknown[]): pg.QueryConfig {
  const name = namer(sql, params);
  return { text: sql, values: params as unknown[], ...(name ? { name } : {}) };
}

pg.types.setTypeParser(INT8_OID, toNumber);
pg.types.setTypeParser(NUMERIC_OID, toNumber);

export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle pooled connection the server closes (restart, dropped database) must not crash the process.
  pool.on('error', (error) => log.warn(`[db] idle PostgreSQL connection closed: ${error.message}`));
  observePool(pool); // connections in use and waiting, for /metrics
  await pool.query('select 1');
  return wrapPool(pool, statementNamer());
}

function wrapPool(pool: pg.Pool, namer: Namer): Db {
  return {
    kind: 'postgres',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await timeQuery('postgres', () => pool.query(statement(namer, sql, params)));
      return result.rows as Row[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(work: (tx: Db) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrapClient(client, namer));
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

function wrapClient(client: pg.PoolClient, namer: Namer): Db {
  return {
    kind: 'postgres',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await timeQuery('postgres', () => client.query(statement(namer, sql, params)));
      return result.rows as Row[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
    transaction: (work) => work(wrapClient(client, namer)),
    close: async () => {},
  };
}
