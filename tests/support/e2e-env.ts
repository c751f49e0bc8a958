/**
 * Settings shared by the Playwright config and the end-to-end specs. tests/run/test-e2e.mjs
 * builds two versions of the app (the served one and a "next" one for the update test) and
 * passes their directories and a free port through these variables; the defaults let
 * `playwright test -c tests/playwright.config.ts` run on its own after those builds.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const E2E_PORT = Number(process.env['E2E_PORT'] ?? 8184);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The build the test server serves (the update test swaps the next build into it, then back). */
export const E2E_DIST_DIR = path.resolve(REPO_ROOT, process.env['E2E_DIST_DIR'] ?? '.tmp/e2e/dist');
/** The same source built with another APP_BUILD_ID: a new release, as far as the worker can tell. */
export const E2E_NEXT_DIST_DIR = path.resolve(REPO_ROOT, process.env['E2E_NEXT_DIST_DIR'] ?? '.tmp/e2e/dist-next');
export const E2E_DATA_DIR = path.resolve(REPO_ROOT, process.env['E2E_DATA_DIR'] ?? '.tmp/e2e/data');

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
/** Flags from TOOLCHAIN.md: no sandbox (root in a container), no GPU, nothing phoning home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--enable-unsafe-swiftshader',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
