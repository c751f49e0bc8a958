/**
 * A real server process for the suites that need more than the in-process app (two processes on
 * one PostgreSQL, a kill -9 mid-charge, a restored backup): `server/cli/start.ts --no-build` on
 * the given database with a private DATA_DIR, resolved once it listens.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export type ServerProcess = { name: string; base: string; child: ChildProcess; log: string[]; dataDir: string };

export async function startServerProcess(name: string, databaseUrl: string): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `pf-${name}-`));
  const env = { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test' };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/cli/start.ts'), '--no-build'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const onOutput = (chunk: Buffer) => {
      log.push(chunk.toString());
      if (chunk.toString().includes('[server] ParkFair on')) resolve();
    };
    child.stdout?.on('data', onOutput);
    child.stderr?.on('data', onOutput);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before it was ready:\n${log.join('')}`)));
  });
  return { name, base: `http://127.0.0.1:${port}`, child, log, dataDir };
}

/** Stops the process (SIGKILL unless a signal is given) and removes its DATA_DIR. */
export async function stopServerProcess(server: ServerProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill(signal);
    await exited;
  }
  await rm(server.dataDir, { recursive: true, force: true });
}
