/**
 * The clean-room check (issue 13; not part of `npm test`): clones this repository's HEAD into a
 * temporary folder, runs exactly the README's install line — `npm install && npm start` — with an
 * environment that holds nothing but PATH and a new, empty HOME (so npm's cache is cold, as on a
 * fresh machine), waits for `/healthz` and the home page, stops the app and prints the times.
 *
 *   node tests/run/fresh-clone.mjs [--keep] [--warm-cache]
 *
 * --keep        leave the clone (and its HOME) in place and print where
 * --warm-cache  keep your own HOME, so npm reuses its download cache (faster, less fresh)
 *
 * The app listens on 127.0.0.1:8080 as the README says, so that port must be free. The Auth
 * emulator's port 9099 may be in use: `npm start` then reuses the running emulator.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { formatDuration, isPortFree, REPO_ROOT } from './lib.mjs';

const args = new Set(process.argv.slice(2));
const APP_URL = 'http://127.0.0.1:8080';
const START_TIMEOUT_MS = 10 * 60_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One step of the README's line, timed; resolves with its exit code. */
function timed(label, command, commandArgs, options) {
  const startedAt = Date.now();
  console.log(`\n[fresh-clone] ${label}: ${command} ${commandArgs.join(' ')}`);
  const child = spawn(command, commandArgs, { ...options, stdio: 'inherit', detached: true });
  const done = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), ms: Date.now() - startedAt })));
  return { child, done, startedAt };
}

async function waitForApp(startedAt, exited) {
  while (Date.now() - startedAt < START_TIMEOUT_MS) {
    if (exited.value) return undefined;
    try {
      const health = await fetch(`${APP_URL}/healthz`);
      const body = health.ok ? await health.json() : undefined;
      if (body?.status === 'ok' && body.locations > 0) {
        const home = await fetch(`${APP_URL}/`);
        const html = await home.text();
        if (home.ok && html.includes('<div id="root"')) return { ms: Date.now() - startedAt, health: body };
      }
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  return undefined;
}

const isRunning = (child) => child.exitCode === null && child.signalCode === null;

/** Ctrl-C for `npm start` and everything it started (its process group), SIGKILL after 15 s. */
async function stopGroup(child) {
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // the group has already gone
    }
  };
  if (!isRunning(child)) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  signalGroup('SIGINT');
  await Promise.race([exited, sleep(15_000)]);
  if (isRunning(child)) signalGroup('SIGKILL');
}

async function main() {
  if (!(await isPortFree(8080))) throw new Error('port 8080 is in use: stop whatever listens there first (the README line serves on it)');
  const workDir = await mkdtemp(path.join(tmpdir(), 'pf-fresh-clone-'));
  const cloneDir = path.join(workDir, 'parkfair');
  const home = args.has('--warm-cache') ? process.env.HOME : path.join(workDir, 'home');
  spawnSync('mkdir', ['-p', home]);
  const env = { PATH: process.env.PATH, HOME: home };
  const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');
  console.log(`[fresh-clone] ${cpus().length} cores, load ${load()}; clone in ${cloneDir}; HOME=${home}${args.has('--warm-cache') ? ' (warm npm cache)' : ' (empty: cold npm cache)'}`);

  const clone = spawnSync('git', ['clone', '--quiet', '--no-local', REPO_ROOT, cloneDir], { stdio: 'inherit' });
  if (clone.status !== 0) throw new Error('git clone failed');
  const head = spawnSync('git', ['-C', cloneDir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();

  let startChild;
  try {
    const install = timed('install', 'npm', ['install'], { cwd: cloneDir, env });
    const installed = await install.done;
    if (installed.code !== 0) throw new Error(`npm install failed (exit ${installed.code}) after ${formatDuration(installed.ms)}`);

    const loadBeforeStart = load();
    const start = timed('start', 'npm', ['start'], { cwd: cloneDir, env });
    startChild = start.child;
    const exited = { value: false };
    start.done.then(() => (exited.value = true));
    const ready = await waitForApp(start.startedAt, exited);
    if (!ready) throw new Error(exited.value ? 'npm start exited before the app answered' : `the app did not answer within ${formatDuration(START_TIMEOUT_MS)}`);

    console.log(`\n[fresh-clone] results for ${head} (${cpus().length} cores)`);
    console.log(`  npm install                        ${formatDuration(installed.ms)}`);
    console.log(`  npm start → /healthz and / answer  ${formatDuration(ready.ms)} (build, emulator, migrate, seed; load ${loadBeforeStart} before)`);
    console.log(`  database ${ready.health.database}, ${ready.health.locations} garages`);
  } finally {
    if (startChild) await stopGroup(startChild);
    if (args.has('--keep')) console.log(`[fresh-clone] kept ${workDir}`);
    else await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error('[fresh-clone] failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
