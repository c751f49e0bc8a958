/**
 * One process at a time on an embedded database: PGlite keeps no lock of its own (no
 * postmaster.pid), and two processes on one DATA_DIR both open it and write over each other.
 * `<dataDir>/pgdata.lock` holds the owner's pid; a lock whose process is gone (a crash, SIGKILL)
 * is taken over. Several processes share a database only through DATABASE_URL (PostgreSQL).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StartupError } from './startup-errors.ts';

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error: unknown) {
    // EPERM: alive, but another user's.
    return (error as { code?: string }).code === 'EPERM';
  }
};

/** Takes the lock or throws a StartupError naming the holder; resolves to its release. */
export async function lockPgliteDir(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, 'pgdata.lock');
  const release = async () => {
    const holder = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
    if (holder === process.pid) await rm(file, { force: true });
  };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: 'wx' });
      return release;
    } catch (error: unknown) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new StartupError(
        `The embedded database in ${path.join(dataDir, 'pgdata')} is in use by another process (pid ${holder}): stop that process, or give this one its own DATA_DIR; to run several processes on one database, use DATABASE_URL (PostgreSQL).`,
      );
    }
    // Stale: its process is gone (or it is our own pid, reused after a crash).
    await rm(file, { force: true });
  }
  throw new StartupError(`Could not take the lock ${file}: remove it if no ParkFair process is running on this DATA_DIR.`);
}
