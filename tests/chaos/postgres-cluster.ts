/**
 * A throwaway PostgreSQL cluster for the chaos run, as tests/run/test-api.mjs starts one: Debian's
 * binaries, a temporary data directory, run as the `postgres` user when we are root. Only the API
 * process is killed in the chaos run, never PostgreSQL, so the cluster runs without fsync.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

function findPostgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).filter((name) => existsSync(path.join(base, name, 'bin/initdb')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function runAsPostgres(bin: string, args: string[]): void {
  const [command, commandArgs] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(command, commandArgs, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${path.basename(bin)} exited with ${String(result.status)}`);
}

export async function startPostgresCluster(): Promise<{ url: string; stop: () => Promise<void> }> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql/*/bin (npm run test:api installs them)');
  const baseDir = await mkdtemp(path.join(tmpdir(), 'pf-chaos-pg-'));
  const dataDir = path.join(baseDir, 'data');
  await chmod(baseDir, 0o755);
  if (process.getuid?.() === 0) {
    const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    await chown(baseDir, id('-u'), id('-g'));
  }
  const port = await freePort();
  const stop = async () => {
    if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
      try {
        runAsPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
    }
    await rm(baseDir, { recursive: true, force: true });
  };
  try {
    runAsPostgres(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
    const options = `-p ${port} -k ${baseDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
    runAsPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-l', path.join(baseDir, 'server.log'), '-w', '-t', '120', '-o', options, 'start']);
  } catch (error: unknown) {
    await stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}
