/**
 * A throwaway PostgreSQL cluster for the benches that run several server processes on one
 * database (as in production) and for the chaos run (which kills only the API process, never
 * PostgreSQL): Debian's binaries under /usr/lib/postgresql (installed by `npm run test:api` when
 * missing), initdb in a temp folder, durability off (they measure the API, not fsync).
 * Returns undefined when PostgreSQL is not installed, so the caller can say so.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/testing/free-port.ts';

export type PostgresCluster = { version: string; createDatabase(name: string): string; stop(): Promise<void> };

function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).filter((name) => existsSync(path.join(base, name, 'bin/initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : undefined;
}

export async function startPostgresCluster(): Promise<PostgresCluster | undefined> {
  const bin = postgresBin();
  if (!bin) return undefined;
  const asRoot = process.getuid?.() === 0;
  // initdb refuses root: run the cluster as the `postgres` user, who must own its folder.
  const pg = (name: string, args: string[]) => {
    const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args]] : [path.join(bin, name), args];
    const result = spawnSync(command, commandArgs as string[], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${name} failed: ${result.stderr}`);
  };
  const baseDir = await mkdtemp(path.join(tmpdir(), 'pf-bench-pg-'));
  await chmod(baseDir, 0o755);
  if (asRoot) {
    const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    await chown(baseDir, id('-u'), id('-g'));
  }
  const dataDir = path.join(baseDir, 'data');
  const port = await freePort();
  const stop = async () => {
    try {
      if (existsSync(path.join(dataDir, 'postmaster.pid'))) pg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
    await rm(baseDir, { recursive: true, force: true });
  };
  try {
    pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
    pg('pg_ctl', ['-D', dataDir, '-l', path.join(baseDir, 'server.log'), '-w', '-t', '120', '-o', `-p ${port} -k ${baseDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`, 'start']);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    version: path.basename(path.dirname(bin)),
    createDatabase(name) {
      pg('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-c', `create database ${name}`]);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop,
  };
}
