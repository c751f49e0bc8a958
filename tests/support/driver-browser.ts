/**
 * Browsers for the driver flows. Every test acts as its own driver: the cookie notice is already
 * accepted and the accounts API sees the test's own client address (its per-IP limits would
 * otherwise meet a suite's many sign-ins). A test that needs a camera gets a Chromium of its own,
 * because one Chromium process has one fake video file (TOOLCHAIN.md); the `driverPage` fixture
 * launches it and closes it when the test ends, passed or failed.
 */
import { chromium, test as base, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL } from './e2e-env.ts';
import { actAsOwnClient } from './phone-sign-up.ts';

/** Cookie notice accepted and an own client address, for a page or a whole context. */
export async function prepareDriverContext(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => window.localStorage.setItem('pf-cookie-accepted', 'true'));
  await actAsOwnClient(target);
}

export type DriverPageOptions = {
  /** A video file (.y4m/.mjpeg) the browser's camera shows; no camera without it. */
  cameraVideo?: string;
  /** Runs in every document before the app (stand-ins for browser APIs headless Chromium lacks). */
  initScript?: () => void;
  context?: BrowserContextOptions;
};

/** `driverPage(options)`: a prepared page in a Chromium of its own, closed after the test. */
export const test = base.extend<{ driverPage: (options?: DriverPageOptions) => Promise<Page> }>({
  // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  driverPage: async ({}, use) => {
    const browsers: Browser[] = [];
    await use(async ({ cameraVideo, initScript, context: contextOptions } = {}) => {
      const cameraArgs = cameraVideo ? ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${cameraVideo}`] : [];
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...cameraArgs] });
      browsers.push(browser);
      const context = await browser.newContext({ baseURL: E2E_BASE_URL, ...(cameraVideo ? { permissions: ['camera'] } : {}), ...contextOptions });
      await prepareDriverContext(context);
      if (initScript) await context.addInitScript(initScript);
      return context.newPage();
    });
    await Promise.all(browsers.map((browser) => browser.close()));
  },
});

export { expect } from '@playwright/test';
