/**
 * When the app has attached to the server's page: src/main.tsx sets `window.__pfAttached` once
 * React has hydrated (or rendered over) it, and index.html stops keeping taps then
 * (src/lib/early-input.ts). Also the app's chunk, the second stage src/boot.ts imports, for the
 * specs that hold it back or refuse it.
 */
import type { Page } from '@playwright/test';

/** The app's stage of src/boot.ts (src/main.tsx and what it imports; vite.config.ts). */
export const APP_CHUNK = /\/assets\/app-[\w-]{8}\.js$/;

/** Runs in the page. */
const attached = () => (window as { __pfAttached?: boolean }).__pfAttached === true;

export async function isAttached(page: Page): Promise<boolean> {
  return page.evaluate(attached);
}

export async function waitForAttached(page: Page): Promise<void> {
  await page.waitForFunction(attached);
}

/** Holds the entry chunk back until the returned function is called: what the driver does first surely lands on the server's markup. */
export async function holdEntryChunk(page: Page): Promise<() => void> {
  let releaseEntry: () => void = () => undefined;
  const entryHeld = new Promise<void>((resolve) => (releaseEntry = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await entryHeld;
    await route.continue();
  });
  return releaseEntry;
}
