/**
 * Small helpers shared by the test runners (plain Node ESM so they run before anything is
 * compiled): run a command with inherited output, find a free port, install missing Debian
 * packages, time steps, and record pass/fail counts for the final summary of test-all.mjs.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let interruptedBy;

/** Whether Ctrl-C (or a SIGTERM) reached a runner: it then cleans up and runs nothing more. */
export function wasInterrupted() {
  return interruptedBy !== undefined;
}

/**
 * Runs a command with inherited stdio; resolves to its exit code (a signal counts as failure).
 * A SIGINT/SIGTERM sent to the runner is passed on to the child, and the runner keeps going to
 * its cleanup (stopping a PostgreSQL cluster) instead of dying on the spot. With `output` (an
 * array), the command's stdout and stderr are collected there instead, for a caller that runs
 * several commands at once and prints each one's output whole.
 */
export function run(command, args, { env = {}, cwd = REPO_ROOT, output } = {}) {
  if (interruptedBy) return Promise.resolve(130);
  return new Promise((resolve, reject) => {
    const stdio = output ? ['inherit', 'pipe', 'pipe'] : 'inherit';
    const child = spawn(command, args, { cwd, stdio, env: { ...process.env, ...env } });
    if (output) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk));
    const forward = (signal) => {
      interruptedBy = signal;
      child.kill(signal);
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** A node script from node_modules, run with the current node (no npx wrapper left behind). */
export function runNodeBin(binPath, args, options) {
  return run(process.execPath, [path.join(REPO_ROOT, 'node_modules', binPath), ...args], options);
}

export function isPortFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/**
 * A free loopback port for a server a runner starts, outside the range the OS hands out itself
 * (server/testing/free-port.ts says why).
 */
export async function findFreePort() {
  const { tsImport } = await import('tsx/esm/api');
  const { freePort } = await tsImport('../../server/testing/free-port.ts', import.meta.url);
  return freePort();
}

let hasUpdatedApt = false;

/**
 * Installs Debian packages whose marker file is missing (`{ chromium: '/usr/bin/chromium' }`),
 * with one `apt-get update` per process. Needs root; otherwise says what to install.
 */
export async function ensureDebianPackages(markers) {
  const missing = Object.entries(markers)
    .filter(([, marker]) => !(typeof marker === 'function' ? marker() : existsSync(marker)))
    .map(([name]) => name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) throw new Error(`Missing Debian packages: ${missing.join(' ')}. Install them as root: apt-get install -y ${missing.join(' ')}`);
  console.log(`[setup] installing ${missing.join(', ')} with apt-get…`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (!hasUpdatedApt) {
    if ((await run('apt-get', ['update', '-qq'], { env })) !== 0) throw new Error('apt-get update failed');
    hasUpdatedApt = true;
  }
  if ((await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env })) !== 0) throw new Error(`apt-get install ${missing.join(' ')} failed`);
}

export function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

export function formatDuration(ms) {
  const seconds = ms / 1000;
  return seconds < 60 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

/**
 * Where runners write machine-readable reports when test-all.mjs asks for them
 * (PF_RESULTS_DIR); undefined when a runner is used on its own.
 */
export async function resultsFile(name) {
  const dir = process.env.PF_RESULTS_DIR;
  if (!dir) return undefined;
  await mkdir(dir, { recursive: true });
  return path.join(dir, `${name}.json`);
}

/** Vitest's JSON reporter args, when reports are wanted. */
export async function vitestReportArgs(name) {
  const file = await resultsFile(name);
  return file ? ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`] : [];
}

/**
 * Every Vitest (Jest-style) and Playwright JSON report in dir, parsed, by name ("e2e",
 * "api-pglite", …). A runner that crashed may leave a partial file: it is skipped, and its
 * failure shows in the step's exit code.
 */
export async function readReports(dir) {
  const reports = [];
  if (!existsSync(dir)) return reports;
  for (const name of (await readdir(dir)).sort()) {
    if (!name.endsWith('.json')) continue;
    try {
      reports.push({ name: name.replace(/\.json$/, ''), report: JSON.parse(await readFile(path.join(dir, name), 'utf8')) });
    } catch {
      // Partial: see above.
    }
  }
  return reports;
}

/** Adds up passed/failed tests over the reports readReports gives. */
export function countResults(reports) {
  const totals = { passed: 0, failed: 0 };
  for (const { report } of reports) {
    if (typeof report.numPassedTests === 'number') {
      totals.passed += report.numPassedTests;
      totals.failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    } else if (report.stats && typeof report.stats.expected === 'number') {
      totals.passed += report.stats.expected + report.stats.flaky;
      totals.failed += report.stats.unexpected;
    }
  }
  return totals;
}

/** Every test's duration in one Playwright suite (a spec file or a describe block in it), its inner suites included. */
function playwrightSuiteMs(suite) {
  const own = (suite.specs ?? []).flatMap((spec) => spec.tests ?? []).flatMap((test) => test.results ?? []);
  return own.reduce((sum, result) => sum + (result.duration ?? 0), 0) + (suite.suites ?? []).reduce((sum, inner) => sum + playwrightSuiteMs(inner), 0);
}

/**
 * The files that took longest in one JSON report: a Vitest file's wall time (start to end), or a
 * Playwright spec file's test time summed over its tests, projects and retries. Each row:
 * `{ file, ms }`, longest first, file relative to the repository.
 */
export function slowestFiles(report, count) {
  const rows = [];
  if (Array.isArray(report.testResults)) {
    for (const file of report.testResults) {
      if (typeof file.startTime === 'number' && typeof file.endTime === 'number') rows.push({ file: path.relative(REPO_ROOT, file.name), ms: file.endTime - file.startTime });
    }
  } else if (Array.isArray(report.suites)) {
    const byFile = new Map();
    for (const suite of report.suites) byFile.set(suite.file, (byFile.get(suite.file) ?? 0) + playwrightSuiteMs(suite));
    for (const [file, ms] of byFile) rows.push({ file: `tests/e2e/${file}`, ms });
  }
  return rows.sort((a, b) => b.ms - a.ms).slice(0, count);
}

/**
 * Runs `stages` in order, the steps of one stage at once (`npm test`, test-all.mjs). A step with
 * `through: n` goes on beside the following stages up to stage n and is waited for at its end.
 * `runStep(step, alone)` answers `{ name, ms, code }`; `alone` is true for a step that has the
 * machine to itself (its stage's only step, nothing carried), which may print as it goes.
 * Stops after the first stage with a failure, once what still runs from earlier stages has ended.
 * Answers every result, stage by stage (a carried step with the stage it ends in), and the first
 * failed step's name.
 */
export async function runStages(stages, runStep) {
  const results = [];
  let carried = [];
  for (const [index, stage] of stages.entries()) {
    const started = stage.map((step) => ({ step, result: runStep(step, stage.length === 1 && carried.length === 0) }));
    const running = [...carried, ...started];
    carried = running.filter(({ step }) => (step.through ?? 0) > index);
    results.push(...(await Promise.all(running.filter(({ step }) => (step.through ?? 0) <= index).map(({ result }) => result))));
    const failedStep = results.find(({ code }) => code !== 0)?.name;
    if (failedStep) {
      results.push(...(await Promise.all(carried.map(({ result }) => result))));
      return { results, failedStep };
    }
  }
  return { results, failedStep: undefined };
}
