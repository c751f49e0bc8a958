/**
 * A throwaway ParkFair server for a bench: its own process (`node server/main.ts`, as in
 * production) on a free port with a fresh embedded database (or the PostgreSQL database given as
 * DATABASE_URL in `extraEnv`), so the bench's own work does not steal the server's event loop. BENCH_SERVER_NODE_ARGS adds Node flags to the server for a look
 * inside (e.g. `--cpu-prof`, `--trace-gc`).
 */
import { spawn } from 'node:child_process';
import { openSync, closeSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { freePort } from '../../server/testing/free-port.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export type BenchServer = {
  baseUrl: string;
  pid: number | undefined;
  /** What the server printed until it was ready (its start-up lines: the search index's size and build time…). */
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
  // The server's log goes to a file, not through this process: a bench's load generator shares
  // the machine, and relaying a line or three per request would cost it more than its requests.
  const logPath = path.join(dataDir, 'server.log');
  const logFd = openSync(logPath, 'a');
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(ROOT, 'server/main.ts')], { cwd: ROOT, env, stdio: ['ignore', logFd, 'inherit'] });
  closeSync(logFd);
  const readLog = () => {
    try {
      return readFileSync(logPath, 'utf8');
    } catch {
      return '';
    }
  };
  let startLines = '';
  const stop = async () => {
    // What went wrong while the bench ran is still shown: the log's error lines after start-up.
    const errors = readLog().slice(startLines.length).split('\n').filter((line) => /"level":"(error|fatal)"|\berror\b/i.test(line));
    if (errors.length > 0) process.stderr.write(`[bench] the server logged ${errors.length} error lines; the first:\n${errors.slice(0, 10).join('\n')}\n`);
    server.removeAllListeners('exit');
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const poll = setInterval(() => {
        startLines = readLog();
        if (!startLines.includes('[server] ParkFair on')) return;
        clearInterval(poll);
        server.removeAllListeners('exit');
        process.stderr.write(startLines);
        resolve();
      }, 10);
      server.once('exit', (code) => {
        clearInterval(poll);
        process.stderr.write(readLog());
        reject(new Error(`the server exited (${code}) before it was ready`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const output = [startLines];
  return { baseUrl: `http://127.0.0.1:${port}`, pid: server.pid, output, stop };
}

