/**
 * Why the database could not be opened at startup, as one line that says what to do (issue 37
 * item 9). Raw, these were "ErrnoError errno 51" (PGlite's Emscripten ENOSPC), "PGlite failed to
 * initialize properly" (a read-only data directory) or a driver's stack trace. `npm start` and
 * `node server/main.ts` print a StartupError's message alone and exit 1.
 */
import { constants } from 'node:fs';
import { access, rm, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';

export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

/** Emscripten's errno numbers (PGlite's file system), not the host's. */
const EMSCRIPTEN_ENOSPC = 51;
const EMSCRIPTEN_EROFS = 69;
const EMSCRIPTEN_EACCES = 2;
/** Below this much free space PGlite cannot create or extend its files (a new database is ~40 MB). */
const LOW_SPACE_BYTES = 8 * 1024 * 1024;

const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};
const errnoOf = (error: unknown): number | undefined => {
  const errno = (error as { errno?: unknown } | null)?.errno;
  return typeof errno === 'number' ? errno : undefined;
};

const fullDisk = (dir: string) =>
  new StartupError(`The disk holding DATA_DIR (${dir}) is full: free some space there (a new database needs about 40 MB) or point DATA_DIR at another disk, then start again.`);
const readOnly = (dir: string) =>
  new StartupError(`DATA_DIR (${dir}) is on a read-only file system: remount it read-write or point DATA_DIR at a writable directory, then start again.`);
const notWritable = (dir: string) =>
  new StartupError(`DATA_DIR (${dir}) is not writable by this user: give it write permission (chown/chmod) or point DATA_DIR at a directory this user owns, then start again.`);

/** What a failed embedded-database start means, judged by the error and by trying the directory itself. */
export async function explainPgliteFailure(error: unknown, dataDir: string): Promise<StartupError | undefined> {
  if (error instanceof StartupError) return error;
  const code = codeOf(error);
  const errno = errnoOf(error);
  const text = error instanceof Error ? error.message : String(error);
  if (code === 'ENOSPC' || (code === undefined && errno === EMSCRIPTEN_ENOSPC) || /no space left/i.test(text)) return fullDisk(dataDir);
  if (code === 'EROFS' || (code === undefined && errno === EMSCRIPTEN_EROFS)) return readOnly(dataDir);
  if (code === 'EACCES' || code === 'EPERM' || (code === undefined && errno === EMSCRIPTEN_EACCES)) return notWritable(dataDir);
  // PGlite often says only "failed to initialize": ask the directory.
  return (await probeDirectory(dataDir)) ?? undefined;
}

async function probeDirectory(dir: string): Promise<StartupError | undefined> {
  try {
    await access(dir, constants.W_OK);
  } catch (error: unknown) {
    if (codeOf(error) === 'EROFS') return readOnly(dir);
    if (codeOf(error) === 'EACCES' || codeOf(error) === 'EPERM') return notWritable(dir);
    return undefined;
  }
  const probe = path.join(dir, `.write-probe-${process.pid}`);
  try {
    await writeFile(probe, Buffer.alloc(64 * 1024));
  } catch (error: unknown) {
    if (codeOf(error) === 'ENOSPC') return fullDisk(dir);
    if (codeOf(error) === 'EROFS') return readOnly(dir);
    if (codeOf(error) === 'EACCES' || codeOf(error) === 'EPERM') return notWritable(dir);
  } finally {
    await rm(probe, { force: true }).catch(() => {});
  }
  const space = await statfs(dir).catch(() => undefined);
  if (space && space.bavail * space.bsize < LOW_SPACE_BYTES) return fullDisk(dir);
  return undefined;
}

/** Where DATABASE_URL points, for messages: never its password. */
export function describeDatabaseUrl(databaseUrl: string): { host: string; user: string; database: string } {
  const url = new URL(databaseUrl);
  return { host: url.host || 'localhost', user: decodeURIComponent(url.username) || '(default user)', database: decodeURIComponent(url.pathname.slice(1)) || '(default database)' };
}

/** What a failed PostgreSQL start means: host, credentials or database, by the driver's codes. */
export function explainPostgresFailure(error: unknown, databaseUrl: string): StartupError | undefined {
  if (error instanceof StartupError) return error;
  let where: ReturnType<typeof describeDatabaseUrl>;
  try {
    where = describeDatabaseUrl(databaseUrl);
  } catch {
    return new StartupError('DATABASE_URL is not a valid URL: write it as postgres://user:password@host:5432/database.');
  }
  const code = codeOf(error);
  const text = error instanceof Error ? error.message : String(error);
  switch (code) {
    case 'ECONNREFUSED':
      return new StartupError(`Cannot connect to PostgreSQL at ${where.host} (connection refused): start the server, or fix the host and port in DATABASE_URL.`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError(`Cannot find the PostgreSQL host of DATABASE_URL (${where.host}: no such host name): fix the host in DATABASE_URL.`);
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new StartupError(`Cannot reach PostgreSQL at ${where.host} (${code}): check the host and port in DATABASE_URL and that the network or firewall lets this machine through.`);
    case '28P01':
      return new StartupError(`PostgreSQL at ${where.host} refused the password of user "${where.user}": fix the user name or password in DATABASE_URL.`);
    case '28000':
      return new StartupError(`PostgreSQL at ${where.host} refused user "${where.user}" (${text}): fix the user in DATABASE_URL, or create the role / allow it in pg_hba.conf.`);
    case '3D000':
      return new StartupError(`The database "${where.database}" does not exist on PostgreSQL at ${where.host}: create it (createdb ${where.database}) or fix the database name in DATABASE_URL.`);
    case '53100':
      return new StartupError(`The disk of PostgreSQL at ${where.host} is full: free space on the database server, then start again.`);
    case '25006':
      return new StartupError(`PostgreSQL at ${where.host} accepts no writes (a standby, or default_transaction_read_only): point DATABASE_URL at the primary, then start again.`);
    default:
      return undefined;
  }
}

/** Rejects with `onTimeout()` when `work` has not settled within `ms` (the driver would wait forever on a silent host). */
export function withinStartup<T>(ms: number, work: Promise<T>, onTimeout: () => StartupError): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
