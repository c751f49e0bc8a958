/**
 * End-to-end tests: Debian's Chromium against the real server started the way `npm start` starts
 * it (server/cli/start.ts, Auth emulator included), on a test port, a fresh data directory and
 * the build made by tests/run/test-e2e.mjs. Every spec on a desktop-sized page, and the phone specs
 * (tests/e2e/phone-*.spec.ts) on the two phones drivers bring to the lot — a Pixel 7 (412 × 915)
 * and a small 360 × 640 (tests/support/phones.ts) — with touch and the mobile viewport rules. Two
 * workers share one server: specs that touch shared state run one at a time in a lane beside the
 * rest, and the update spec (which swaps the served build) runs last and alone (decision 0118).
 */
import { defineConfig } from '@playwright/test';
import { PHONE_360, PIXEL_7 } from './support/phones.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL, E2E_DATA_DIR, E2E_DIST_DIR, E2E_PORT, REPO_ROOT } from './support/e2e-env.ts';

const isCI = Boolean(process.env['CI']);
/** Two workers on two cores: the specs spend much of their time waiting on the server and timers. */
const E2E_WORKERS = Number(process.env['E2E_WORKERS'] ?? 2);
const PHONE_SPECS = /phone-[^/]*\.spec\.ts$/;
const specs = (names: string[]) => new RegExp(`/(${names.join('|')})\\.spec\\.ts$`);
/**
 * Specs that share state a second worker would change under them: the demo driver Dana (her
 * one-time codes, tickets and plate), the claim folders a claim test counts, the staff queues.
 * They run one at a time in one project, beside the specs that make their own drivers. The phone
 * ones among them take each phone in turn themselves (tests/support/phones.ts): a project of their
 * own per phone would have to depend on this one, and Playwright starts a dependent project only
 * when every project before it has finished, so they ran alone at the end on one worker.
 */
const SHARED_STATE = specs([
  'auth', 'lot-home', 'lot-home-owner', 'lot-session-first-frame', 'lot-session-server-rendered', 'park-and-pay-payments',
  'search', 'claims', 'claims-background-sync', 'claims-staff', 'claims-transition',
  'phone-layout', 'phone-monthly-exemption', 'route-stages',
]);
/** The spec that swaps the served build (and signs in as Dana): it runs last, alone. */
const RELEASE = specs(['update']);
const BEFORE_RELEASE = ['shared', 'desktop', 'pixel-7', 'phone-360'];

export default defineConfig({
  testDir: './e2e',
  outputDir: '../.tmp/e2e/test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: E2E_WORKERS,
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  // test-all.mjs asks for a JSON report too, to print one "N passed, N failed" line.
  reporter: process.env['E2E_JSON_REPORT'] ? [['list'], ['json', { outputFile: process.env['E2E_JSON_REPORT'] }]] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    serviceWorkers: 'allow',
    // A trace records screenshots and DOM snapshots all through a test: on every test it was about a
    // tenth of the suite's CPU. It is recorded on a failed test's retry (CI retries once); locally,
    // `npm run test:e2e -- <spec> --trace=on` records one.
    trace: 'on-first-retry',
  },
  projects: [
    // Shared state: one worker, beside the projects below. First in the list, so that lane starts
    // at once: listed after them it started when they were nearly done, and ran ~9 minutes on one
    // worker while the other waited.
    { name: 'shared', testMatch: SHARED_STATE, workers: 1 },
    // Own drivers, own state: two workers at once, each test wherever a worker is free (a long
    // file no longer keeps one worker busy while the other has nothing left).
    { name: 'desktop', testIgnore: [PHONE_SPECS, SHARED_STATE, RELEASE], fullyParallel: true },
    { name: 'pixel-7', testMatch: PHONE_SPECS, testIgnore: SHARED_STATE, use: PIXEL_7, fullyParallel: true },
    { name: 'phone-360', testMatch: PHONE_SPECS, testIgnore: SHARED_STATE, use: PHONE_360, fullyParallel: true },
    // A new release swapped into the served folder: after everything else, alone.
    { name: 'release', testMatch: RELEASE, workers: 1, dependencies: BEFORE_RELEASE },
  ],
  webServer: {
    command: 'node --import tsx server/cli/start.ts --no-build',
    cwd: REPO_ROOT,
    url: `${E2E_BASE_URL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGINT lets start.ts close the database and stop the Auth emulator it started.
    gracefulShutdown: { signal: 'SIGINT', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    // TRUST_PROXY=1: each test names its client in X-Forwarded-For (tests/support/phone-sign-up.ts).
    // LOG_LEVEL=warn: a line per request would bury a failing test's output; problems still print.
    env: { PORT: String(E2E_PORT), HOST: '127.0.0.1', DATA_DIR: E2E_DATA_DIR, DIST_DIR: E2E_DIST_DIR, TRUST_PROXY: '1', LOG_LEVEL: 'warn', METRICS_PORT: 'off' },
  },
});
