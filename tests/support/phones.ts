/**
 * The two phones drivers bring to the lot, as Playwright context options: a Pixel 7 (412 × 915)
 * and a small 360 × 640, both with touch and the mobile viewport rules. The phone projects of
 * tests/playwright.config.ts use them, and so do the shared-state phone specs, which run each
 * phone in turn inside the one-worker shared lane (`for (const phone of PHONES) …`).
 */
import { devices } from '@playwright/test';

// The browser type is the project's (a worker option): only the context's options are taken.
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];

export const PIXEL_7 = { ...pixel7, viewport: { width: 412, height: 915 } };
export const PHONE_360 = { ...pixel7, viewport: { width: 360, height: 640 }, screen: { width: 360, height: 640 }, deviceScaleFactor: 3 };

export const PHONES = [
  { name: 'pixel-7', use: PIXEL_7 },
  { name: 'phone-360', use: PHONE_360 },
] as const;
