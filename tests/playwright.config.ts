/**
 * End-to-end tests: Debian's Chromium against the real server started the way `npm start` starts
 * it (server/cli/start.ts, Auth emulator included), on a test port, a fresh data directory and
 * the build made by tests/run/test-e2e.mjs. One worker: the update test swaps the served build.
 * Projects: every spec on a desktop-sized page, and the phone specs (tests/e2e/phone-*.spec.ts)
 * on the two phones drivers bring to the lot — a Pixel 7 (412 × 915) and a small 360 × 640 —
 * with touch and the mobile viewport rules.
 */
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL, E2E_DATA_DIR, E2E_DIST_DIR, E2E_PORT, REPO_ROOT } from './support/e2e-env.ts';

const isCI = Boolean(process.env['CI']);
const PHONE_SPECS = /phone-[^/]*\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  outputDir: '../.tmp/e2e/test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
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
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'desktop', testIgnore: PHONE_SPECS },
    { name: 'pixel-7', testMatch: PHONE_SPECS, use: { ...devices['Pixel 7'], viewport: { width: 412, height: 915 } } },
    { name: 'phone-360', testMatch: PHONE_SPECS, use: { ...devices['Pixel 7'], viewport: { width: 360, height: 640 }, screen: { width: 360, height: 640 }, deviceScaleFactor: 3 } },
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
    env: { PORT: String(E2E_PORT), HOST: '127.0.0.1', DATA_DIR: E2E_DATA_DIR, DIST_DIR: E2E_DIST_DIR, TRUST_PROXY: '1' },
  },
});
