/**
 * `npm run bench -- reservations`: a daily reservation created and charged through the API by 20
 * customers at once, on a throwaway server (its own process, fresh PGlite, the built-in test
 * processor) and the bench's own Auth emulator. Each customer has a saved card (enrolled before
 * the clock starts) and makes 5 reservations one after the other, each for its own stay so every
 * quote is new: the timed part is POST /reservations/api/reservations then
 * POST /payments/api/payments/methods/{id}/charge. DESIGN.md sets no budget for it; the figure is
 * reported with the load average beside it (the machine is shared).
 *
 * Then the reserve screen `/reserve/daily/{locationSlug}` in the browser:
 * - its first-screen JS (bundle.ts: the entry chunk, the route's and its layouts' chunks and their
 *   static imports, gzip), against the first-screen budget's floor for comparison;
 * - mobile Lighthouse, medians of 3 (lighthouse.ts), for Dana signed in through the app's own
 *   form in the Chrome Lighthouse drives: each run a cold load (service worker, Cache Storage and
 *   HTTP cache cleared, sign-in kept), with the benchmark index and the load average per run; a
 *   run whose page was not the reserve screen with its rate (a sign-in redirect) fails the row.
 * DESIGN.md has no budget for this page: the figures are reported without a verdict.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { startBenchServer } from './bench-server.ts';
import { APP_CODE_BUDGET_BYTES, measureBundles } from './bundle.ts';
import { median } from './figures.ts';
import { auditPage, coldCaches, describe, runsNotShowing, signInInChromeOn, type PageResult } from './lighthouse.ts';
import { buildApp, startOwnAuthEmulator, startServer } from './signed-in-driver.ts';

const CUSTOMERS = 20;
const RESERVATIONS_EACH = 5;
const DAY_MS = 86_400_000;

type Customer = { token: string; methodId: number };
type Row = { what: string; budget: string; measured: string; ok: boolean | undefined };

const ROOT = path.resolve(import.meta.dirname, '../..');
const RESERVE_ROUTE = '/reserve/daily/$locationSlug';
/** 123 W 44th St (lot 1044), the README's tour garage. */
const RESERVE_PAGE = '/reserve/daily/123-w-44th-st-new-york';
/** What the audited page must show, or the run measured something else (a sign-in redirect). */
const RESERVE_SCREEN_TEXT = ['123 W 44th St', 'Vehicle size', 'Your rate', 'Total'];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function call<T>(baseUrl: string, method: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function newCustomer(baseUrl: string, emulatorHost: string): Promise<Customer> {
  const signUp = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `bench-${randomBytes(4).toString('hex')}@example.com`, password: 'secret-123', returnSecureToken: true }),
  });
  const { idToken: token } = (await signUp.json()) as { idToken: string };
  const setup = await call<{ clientSecret: string; transactionIntentId: string; providerCustomerId: string }>(baseUrl, 'POST', '/payments/api/payments/setup/initialize', {}, token);
  const card = await call<{ paymentMethodId: string }>(baseUrl, 'POST', '/payments/api/test-processor/payment-methods', { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123', name: 'Bench', zip: '10001' });
  await call(baseUrl, 'POST', `/payments/api/test-processor/setup-intents/${setup.clientSecret}/confirm`, { paymentMethodId: card.paymentMethodId });
  const method = await call<{ customerPaymentMethodId: number }>(baseUrl, 'POST', '/payments/api/payments/setup/complete', { transactionId: setup.transactionIntentId, providerCustomerId: setup.providerCustomerId, paymentMethodId: card.paymentMethodId }, token);
  return { token, methodId: method.customerPaymentMethodId };
}

const NO_RATE = '00000000-0000-0000-0000-000000000000';

/** A priced quote for a 3-hour stay from `entry`, at the customer's garage or the next one that has a rate then. */
async function pricedQuote(baseUrl: string, customer: number, entry: Date): Promise<{ rateInstanceId: string }> {
  for (let offset = 0; offset < 40; offset += 1) {
    const quote = await call<{ rateInstanceId: string; blackouts: unknown[] }>(baseUrl, 'POST', '/rates/api/rates/calculate', {
      locationId: ((customer + offset) % 40) + 1, entryTimeUtc: entry.toISOString(), exitTimeUtc: new Date(entry.getTime() + 3 * 3_600_000).toISOString(),
    });
    if (quote.rateInstanceId !== NO_RATE && quote.blackouts.length === 0) return quote;
  }
  throw new Error(`no garage has a rate at ${entry.toISOString()}`);
}

/** The reserve screen's first-screen JS, beside the floor the first-screen budget sits on. */
async function reserveScreenBundle(): Promise<{ rows: Row[]; lines: string[] }> {
  const report = await measureBundles(path.join(ROOT, '.tmp/bench/reserve-dist'), [RESERVE_ROUTE]);
  const route = report.routes[0];
  if (!route || route.files.length <= 1) throw new Error(`no route chunks found for ${RESERVE_ROUTE}`);
  const appCode = route.gzipBytes - report.floor.gzipBytes;
  const largestFirst = Object.entries(route.gzipBytesByFile).sort(([, a], [, b]) => b - a);
  return {
    rows: [{
      what: `first-screen JS ${RESERVE_ROUTE} (gzip, ${route.files.length} files; ParkFair code ${kb(appCode)})`,
      budget: `(none in DESIGN.md; first screens: ≤ ${kb(report.floor.gzipBytes + APP_CODE_BUDGET_BYTES)})`,
      measured: kb(route.gzipBytes),
      ok: undefined,
    }],
    lines: [
      `${RESERVE_ROUTE}: ${kb(appCode)} of ParkFair code on top of the fixed stack's ${kb(report.floor.gzipBytes)}${route.sdksOnScreen.length > 0 ? `; SDKs on screen: ${route.sdksOnScreen.join(', ')}` : '; no heavy SDK on screen'}`,
      `${RESERVE_ROUTE}: ${largestFirst.map(([file, bytes]) => `${path.basename(file)} ${kb(bytes)}`).join(', ')}`,
    ],
  };
}

function lighthouseRows(result: PageResult): Row[] {
  const rows: Row[] = (['performance', 'accessibility', 'best-practices', 'seo'] as const).map((category) => ({
    what: `Lighthouse mobile ${category} ${RESERVE_PAGE} (signed in, median of ${result.runs.length})`,
    budget: '(none in DESIGN.md)',
    measured: String(median(result.scores[category])),
    ok: undefined,
  }));
  const benchmarkIndex = median(result.runs.map((run) => run.benchmarkIndex));
  rows.push({ what: `Lighthouse mobile LCP / TBT / CLS ${RESERVE_PAGE} (median)`, budget: '(none in DESIGN.md)', measured: `${(median(result.runs.map((run) => run.lcpMs)) / 1000).toFixed(2)} s / ${Math.round(median(result.runs.map((run) => run.tbtMs)))} ms / ${median(result.runs.map((run) => run.cls)).toFixed(3)} (BI ${benchmarkIndex})`, ok: undefined });
  return rows;
}

/** Mobile Lighthouse of the reserve screen for a signed-in driver (its own build, server and Chrome). */
async function reserveScreenLighthouse(): Promise<{ rows: Row[]; lines: string[] }> {
  // What was started, stopped in reverse order whatever happens.
  const started: Array<() => Promise<unknown>> = [];
  try {
    const workDir = await mkdtemp(path.join(tmpdir(), 'pf-bench-reserve-lighthouse-'));
    started.push(() => rm(workDir, { recursive: true, force: true }));
    const emulator = await startOwnAuthEmulator({ projectId: 'demo-parkfair' });
    started.push(() => emulator.stop());
    const distDir = path.join(ROOT, '.tmp/bench/reserve-lighthouse-dist');
    await buildApp(distDir, emulator.host);
    const server = await startServer(distDir, path.join(workDir, 'data'), emulator.host);
    started.push(() => server.stop());
    const chrome = await chromeLauncher.launch({ chromePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'] });
    started.push(async () => chrome.kill());

    await signInInChromeOn(chrome.port, server.baseUrl, emulator.host, RESERVE_PAGE, (page) => page.getByTestId('reserve-total').waitFor());
    const result = await auditPage(`${server.baseUrl}${RESERVE_PAGE}`, chrome.port, () => coldCaches(chrome.port, server.baseUrl), { disableStorageReset: true });
    const notShown = runsNotShowing(result, RESERVE_PAGE, RESERVE_SCREEN_TEXT);
    const [first] = notShown;
    if (first) {
      return {
        rows: [{ what: `Lighthouse mobile ${RESERVE_PAGE}`, budget: 'the reserve screen of a signed-in driver', measured: `not the reserve screen in run ${notShown.map(({ run, url }) => `${run} (ended on ${url})`).join(', ')}`, ok: false }],
        lines: [`${RESERVE_PAGE}: not measured — run ${first.run} did not show the reserve screen; its text: ${JSON.stringify(first.text.slice(0, 300))}`],
      };
    }
    return {
      rows: lighthouseRows(result),
      lines: [
        describe(RESERVE_PAGE, result),
        `${RESERVE_PAGE}: Dana signed in (phone code) in the audited Chrome; each run a cold load (service worker, Cache Storage and HTTP cache cleared; sign-in kept); every run's page showed ${RESERVE_SCREEN_TEXT.map((part) => `"${part}"`).join(', ')}`,
      ],
    };
  } finally {
    for (const stop of started.reverse()) await stop();
  }
}

/** API p95, then the reserve screen's first-screen JS and Lighthouse (each failing on its own row). */
export async function benchReservations(): Promise<{ rows: Row[]; lines: string[] }> {
  const api = await benchReservationApi();
  const screen = [
    await reserveScreenBundle().catch((error: unknown) => failed(`first-screen JS ${RESERVE_ROUTE}`, error)),
    await reserveScreenLighthouse().catch((error: unknown) => failed(`Lighthouse mobile ${RESERVE_PAGE}`, error)),
  ];
  return { rows: [...api.rows, ...screen.flatMap((part) => part.rows)], lines: [...api.lines, ...screen.flatMap((part) => part.lines)] };
}

function failed(what: string, error: unknown): { rows: Row[]; lines: string[] } {
  const message = error instanceof Error ? error.message : String(error);
  return { rows: [{ what, budget: 'measured', measured: 'not measured', ok: false }], lines: [`${what}: not measured — ${message}`] };
}

async function benchReservationApi(): Promise<{ rows: Row[]; lines: string[] }> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'pf-bench-reservations-'));
  const emulator = await startOwnAuthEmulator({ projectId: 'demo-parkfair' });
  const server = await startBenchServer({ FIREBASE_AUTH_EMULATOR_HOST: emulator.host, NODE_ENV: 'development' });
  try {
    const customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => newCustomer(server.baseUrl, emulator.host)));
    const tomorrow = Math.ceil(Date.now() / DAY_MS) * DAY_MS + DAY_MS;
    const latencies: number[] = [];
    const loadBefore = os.loadavg()[0] ?? 0;
    const started = performance.now();
    await Promise.all(
      customers.map(async (customer, c) => {
        for (let r = 0; r < RESERVATIONS_EACH; r += 1) {
          // Its own garage and start per reservation: every quote (and reservation) is new.
          const entry = new Date(tomorrow + (c * RESERVATIONS_EACH + r) * 30 * 60_000);
          const quote = await pricedQuote(server.baseUrl, c, entry);
          const t0 = performance.now();
          const created = await call<{ reservation: { systemEntityId: string } }>(server.baseUrl, 'POST', '/reservations/api/reservations', { rateInstanceId: quote.rateInstanceId, isOversized: false }, customer.token);
          await call(server.baseUrl, 'POST', `/payments/api/payments/methods/${customer.methodId}/charge`, { systemEntityId: created.reservation.systemEntityId }, customer.token);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    const [p50, p95, max] = [percentile(sorted, 50), percentile(sorted, 95), sorted.at(-1) ?? NaN];
    const load = `load ${loadBefore.toFixed(1)} → ${(os.loadavg()[0] ?? 0).toFixed(1)} on ${os.cpus().length} cores`;
    return {
      rows: [{ what: `reservation create + saved-card charge, ${CUSTOMERS} customers at once (PGlite)`, budget: '(none in DESIGN.md)', measured: `p95 ${p95.toFixed(0)} ms (p50 ${p50.toFixed(0)})`, ok: undefined }],
      lines: [`${latencies.length} reservations in ${seconds.toFixed(1)} s; p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${max.toFixed(0)} ms; ${load}`],
    };
  } finally {
    await server.stop();
    await emulator.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}
