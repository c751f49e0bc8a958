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

/**
 * The features Playwright (1.65) switches off in every Chromium it launches. Chromium reads only the
 * last `--disable-features` on its command line, so the one in CHROMIUM_ARGS repeats these before
 * its own; tests/e2e/browser-flags.spec.ts fails when Playwright's own list holds one not here.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
];
/**
 * Chromium's address-bar popup, which no test sees: in headless Chromium 156 every new page is a
 * window, and each window loads the popup's web page (chrome://omnibox-popup.top-chrome) in a
 * renderer of its own — ~0.9 CPU-s a page, more than a blank page costs without it (0.26 CPU-s)
 * and half of what the home page costs in all (docs/decisions/0127-e2e-browser-without-omnibox-popup.md).
 */
export const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];
/**
 * Chromium's spare renderer: after each navigation it starts an empty renderer for the next one,
 * but a spare belongs to its browser context, and a test's context is closed before it has a next
 * navigation — so every fresh context started one renderer no page used (2 processes a context,
 * 1 without; 2.60 → 2.51 CPU-s a fresh context on /parkandpay/welcome, medians of 3 × 10).
 */
export const SPARE_RENDERER_FEATURES = ['SpareRendererForSitePerProcess'];

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
/** Flags from TOOLCHAIN.md: no sandbox (root in a container), no GPU, nothing phoning home; no omnibox popup, no spare renderer. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--enable-unsafe-swiftshader',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES, ...SPARE_RENDERER_FEATURES].join(',')}`,
];
