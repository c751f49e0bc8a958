/**
 * `npm run bench`: the budgets of DESIGN.md next to measured figures, as one table
 * "what | budget | measured | verdict", then each section's own notes.
 * Sections: bundle, rates, locations, search, plates, qr, reservations, lighthouse, long-tasks, exit-pass (the optional ones are loaded by dynamic
 * import, so this file works before and after they land).
 * `npm run bench -- --only=bundle,rates` (or `npm run bench -- bundle exit-pass`) runs a subset;
 * `--write` also writes the figures into docs/benchmarks.md (tests/bench/benchmarks-doc.ts).
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { ensureDebianPackages } from '../run/lib.mjs';
import { CHROMIUM_PATH } from '../support/e2e-env.ts';
import { startBenchServer } from './bench-server.ts';
import { currentCommit, describeMachine, writeBenchmarksDoc } from './benchmarks-doc.ts';
import { APP_CODE_BUDGET_BYTES, type HeavySdk, measureBundles } from './bundle.ts';

type Row = { what: string; budget: string; measured: string; ok: boolean | undefined };
type SectionResult = { rows: Row[]; lines: string[]; scope?: string };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const onlyArg = process.argv.find((arg) => arg.startsWith('--only='));
// Sections by name also work as plain arguments: `npm run bench -- bundle exit-pass`.
const named = [...(onlyArg?.slice('--only='.length).split(',') ?? []), ...process.argv.slice(2).filter((arg) => !arg.startsWith('-'))];
const only = named.length > 0 ? new Set(named) : undefined;
const wants = (section: string) => !only || only.has(section);

async function benchBundle(): Promise<SectionResult> {
  const report = await measureBundles();
  const budgetBytes = report.floor.gzipBytes + APP_CODE_BUDGET_BYTES;
  const rows: Row[] = report.routes.map(({ route, gzipBytes, files }) => ({
    what: `first-screen JS ${route} (gzip, ${files.length} files; ParkFair code ${kb(gzipBytes - report.floor.gzipBytes)})`,
    budget: `≤ ${kb(budgetBytes)} (floor + ${kb(APP_CODE_BUDGET_BYTES)})`,
    measured: kb(gzipBytes),
    ok: gzipBytes <= budgetBytes,
  }));
  // Not a budget of its own: the floor the app-code budget sits on.
  rows.push({ what: 'fixed stack alone (React DOM, Router, Query + persister)', budget: '(the floor)', measured: kb(report.floor.gzipBytes), ok: undefined });
  for (const sdk of Object.keys(report.sdkChunks) as HeavySdk[]) {
    const chunks = report.sdkChunks[sdk];
    const onScreen = report.routes.filter((route) => route.sdksOnScreen.includes(sdk)).map((route) => route.route);
    rows.push({
      what: `${sdk} chunks`,
      budget: 'not on the first screen',
      measured: chunks.length === 0 ? 'not in the build' : onScreen.length > 0 ? `on ${onScreen.join(', ')}` : `lazy (${chunks.length} chunk${chunks.length > 1 ? 's' : ''})`,
      ok: onScreen.length === 0,
    });
  }
  const lines = [`build analysed: ${path.relative(process.cwd(), report.outDir)}`];
  for (const route of report.routes) lines.push(`${route.route}: ${kb(route.gzipBytes - report.floor.gzipBytes)} of ParkFair code on top of the fixed stack's ${kb(report.floor.gzipBytes)}`);
  for (const route of report.routes) {
    const largestFirst = Object.entries(route.gzipBytesByFile).sort(([, a], [, b]) => b - a);
    lines.push(`${route.route}: ${largestFirst.map(([file, bytes]) => `${path.basename(file)} ${kb(bytes)}`).join(', ')}`);
  }
  for (const [sdk, chunks] of Object.entries(report.sdkChunks)) lines.push(`${sdk}: ${chunks.length > 0 ? chunks.join(', ') : '—'}`);
  return { rows, lines };
}

/** Loads an optional bench module by path; undefined when the file is not there yet. */
async function loadOptional(file: string): Promise<Record<string, unknown> | undefined> {
  const url = new URL(file, import.meta.url);
  if (!existsSync(url)) return undefined;
  const loaded: unknown = await import(url.href);
  return typeof loaded === 'object' && loaded !== null ? (loaded as Record<string, unknown>) : undefined;
}

/** Accepts what a section returns: `{ rows }`, `{ lines }`, both, or anything printable. */
function toSectionResult(value: unknown): SectionResult {
  const result: SectionResult = { rows: [], lines: [] };
  if (typeof value !== 'object' || value === null) {
    if (value !== undefined) result.lines.push(String(value));
    return result;
  }
  const record = value as { rows?: unknown; lines?: unknown; scope?: unknown };
  if (typeof record.scope === 'string') result.scope = record.scope;
  if (Array.isArray(record.rows)) result.rows.push(...(record.rows as Row[]));
  if (Array.isArray(record.lines)) result.lines.push(...record.lines.map(String));
  if (!Array.isArray(record.rows) && !Array.isArray(record.lines)) result.lines.push(JSON.stringify(value, null, 2));
  return result;
}

/** The rates bench needs a real server: a throwaway one in its own process (bench-server.ts). */
async function benchRatesWith(benchRates: (baseUrl: string, serverPid?: number) => Promise<unknown>): Promise<SectionResult> {
  const server = await startBenchServer();
  try {
    return toSectionResult(await benchRates(server.baseUrl, server.pid));
  } finally {
    await server.stop();
  }
}

function printTable(rows: Row[]): void {
  const header: [string, string, string, string] = ['what', 'budget', 'measured', 'verdict'];
  const cells = rows.map((row): [string, string, string, string] => [row.what, row.budget, row.measured, row.ok === undefined ? '' : row.ok ? 'ok' : 'OVER BUDGET']);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((cell) => cell[column]?.length ?? 0)));
  const line = (cell: string[]) => cell.map((text, column) => text.padEnd(widths[column] ?? 0)).join(' | ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const cell of cells) console.log(line(cell));
}

/** Sections that drive Debian's Chromium; a fresh machine gets it installed as `npm test` does. */
const BROWSER_SECTIONS = ['reservations', 'lighthouse', 'long-tasks', 'exit-pass'];

async function main() {
  const loadBefore = loadavg();
  const startedAt = new Date().toISOString();
  if (BROWSER_SECTIONS.some(wants)) await ensureDebianPackages({ chromium: CHROMIUM_PATH });
  const sections: Array<{ name: string; result: SectionResult }> = [];
  const failed: string[] = [];
  const runSection = async (name: string, bench: () => Promise<SectionResult>) => {
    if (!wants(name)) return;
    console.error(`[bench] ${name}…`);
    try {
      sections.push({ name, result: await bench() });
    } catch (error: unknown) {
      failed.push(name);
      sections.push({ name, result: { rows: [{ what: name, budget: '', measured: `failed: ${error instanceof Error ? error.message : String(error)}`, ok: false }], lines: [] } });
    }
  };

  await runSection('bundle', benchBundle);
  const rates = await loadOptional('./rates.ts');
  if (typeof rates?.['benchRates'] === 'function') {
    const benchRates = rates['benchRates'] as (baseUrl: string, serverPid?: number) => Promise<unknown>;
    await runSection('rates', () => benchRatesWith(benchRates));
  }
  const locations = await loadOptional('./locations.ts');
  if (typeof locations?.['benchLocations'] === 'function') {
    const benchLocations = locations['benchLocations'] as () => Promise<unknown>;
    await runSection('locations', async () => toSectionResult(await benchLocations()));
  }
  const search = await loadOptional('./search.ts');
  if (typeof search?.['benchSearch'] === 'function') {
    const benchSearch = search['benchSearch'] as () => Promise<unknown>;
    await runSection('search', async () => toSectionResult(await benchSearch()));
  }
  const plates = await loadOptional('./plates.ts');
  if (typeof plates?.['benchPlates'] === 'function') {
    const benchPlates = plates['benchPlates'] as () => Promise<unknown>;
    await runSection('plates', async () => toSectionResult(await benchPlates()));
  }

  const qr = await loadOptional('./qr.ts');
  if (typeof qr?.['benchQr'] === 'function') {
    const benchQr = qr['benchQr'] as () => Promise<unknown>;
    await runSection('qr', async () => toSectionResult(await benchQr()));
  }

  const reservations = await loadOptional('./reservations.ts');
  if (typeof reservations?.['benchReservations'] === 'function') {
    const benchReservations = reservations['benchReservations'] as () => Promise<unknown>;
    await runSection('reservations', async () => toSectionResult(await benchReservations()));
  }

  const lighthouse = await loadOptional('./lighthouse.ts');
  if (typeof lighthouse?.['benchLighthouse'] === 'function') {
    const benchLighthouse = lighthouse['benchLighthouse'] as () => Promise<unknown>;
    await runSection('lighthouse', async () => toSectionResult(await benchLighthouse()));
  }
  const longTasks = await loadOptional('./long-tasks.ts');
  if (typeof longTasks?.['benchLongTasks'] === 'function') {
    const benchLongTasks = longTasks['benchLongTasks'] as () => Promise<unknown>;
    await runSection('long-tasks', async () => toSectionResult(await benchLongTasks()));
  }
  const exitPass = await loadOptional('./exit-pass.ts');
  if (typeof exitPass?.['benchExitPass'] === 'function') {
    const benchExitPass = exitPass['benchExitPass'] as () => Promise<unknown>;
    await runSection('exit-pass', async () => toSectionResult(await benchExitPass()));
  }
  // Years of history on PostgreSQL (issue 39): minutes at --scale=1, so only when named.
  const growth = only?.has('growth') ? await loadOptional('./growth.ts') : undefined;
  if (typeof growth?.['benchGrowth'] === 'function') {
    const benchGrowth = growth['benchGrowth'] as () => Promise<unknown>;
    await runSection('growth', async () => toSectionResult(await benchGrowth()));
  }

  console.log('');
  printTable(sections.flatMap(({ result }) => result.rows));
  for (const { name, result } of sections) {
    if (result.lines.length === 0) continue;
    console.log(`\n## ${name}`);
    for (const line of result.lines) console.log(line);
  }
  const isOver = sections.some(({ result }) => result.rows.some((row) => row.ok === false));
  // Budgets are reported, not enforced: the exit code says whether the bench itself ran.
  if (isOver) console.log('\nSome figures are over budget (see the verdict column).');
  if (process.argv.includes('--write')) {
    const file = path.join(import.meta.dirname, '../../docs/benchmarks.md');
    const run = { date: startedAt, commit: currentCommit(), machine: describeMachine(loadBefore) };
    // A section that failed to run keeps the figures it had: a failure message is no measurement.
    writeBenchmarksDoc(file, sections.filter(({ name }) => !failed.includes(name)).map(({ name, result }) => ({ name, ...result })), run);
    console.log(`\nWrote ${path.relative(process.cwd(), file)}${failed.length > 0 ? ` (not the sections that failed: ${failed.join(', ')})` : ''}.`);
  }
  if (failed.length > 0) process.exitCode = 1;
}

main().then(
  // process.exitCode is 1 when a section failed to run.
  () => process.exit(),
  (error: unknown) => {
    console.error('[bench] failed:', error);
    process.exit(1);
  },
);
