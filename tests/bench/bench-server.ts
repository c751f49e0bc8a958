/**
 * A throwaway ParkFair server for a bench: its own process (`node server/main.ts`, as in
 * production) on a free port with a fresh embedded database (or the PostgreSQL database given as
 * DATABASE_URL in `extraEnv`), so the bench's own work does not steal the server's event loop. BENCH_SERVER_NODE_ARGS adds Node flags to the server for a look
 * inside (e.g. `--cpu-prof`, `--trace-gc`).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { freePort } from '../../server/testing/free-port.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export type BenchServer = {
  baseUrl: string;
  pid: number | undefined;
  /** What the server printed so far (its start-up lines: the search index's size and build time…). */
  output: string[];
  stop: () => Promise<void>;
};

export async function startBenchServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pf-bench-data-'));
  const port = await freePort();
  // Nothing a bench does verifies a token: point firebase-admin at a port where nothing listens.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9', NODE_ENV: 'production' };
  delete env['DATABASE_URL'];
  Object.assign(env, extraEnv);
  const nodeArgs = (process.env['BENCH_SERVER_NODE_ARGS'] ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(ROOT, 'server/main.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = async () => {
    server.removeAllListeners('exit');
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const output: string[] = [];
  server.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
      server.stdout.on('data', (chunk: Buffer) => {
        process.stderr.write(chunk);
        if (chunk.toString().includes('[server] ParkFair on')) resolve();
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl: `http://127.0.0.1:${port}`, pid: server.pid, output, stop };
}

