/**
 * The test browser's own flags (tests/support/e2e-env.ts): no omnibox popup beside each page, no
 * spare renderer beside a fresh context's one, and
 * every feature Playwright switches off still switched off, though CHROMIUM_ARGS replaces
 * Playwright's `--disable-features` with its own (Chromium reads only the last one).
 */
import { type Browser, chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, PLAYWRIGHT_DISABLED_FEATURES } from '../support/e2e-env.ts';

/** The features named by each `--disable-features` on a browser's command line, in order. */
async function disabledFeatureSwitches(browser: Browser): Promise<string[][]> {
  const page = await browser.newPage();
  await page.goto('chrome://version');
  const commandLine = (await page.locator('#command_line').textContent()) ?? '';
  await page.close();
  return commandLine
    .split(/\s+/)
    .filter((part) => part.startsWith('--disable-features='))
    .map((part) => part.slice('--disable-features='.length).split(','));
}

test('a page of the test browser opens no omnibox popup window beside it', async ({ browser, page }) => {
  await page.goto('/healthz');
  const cdp = await browser.newBrowserCDPSession();
  // Every target, the browser's own windows included (an empty filter entry matches all types).
  const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] } as never);
  const popups = targetInfos.filter(({ url }) => url.startsWith('chrome://omnibox-popup'));
  expect(popups.map(({ url }) => url)).toEqual([]);
  // The page itself is listed: the call saw the browser's targets.
  expect(targetInfos.some(({ url }) => url.endsWith('/healthz'))).toBe(true);
});

/** The browser's renderer processes, by id (the browser-wide CDP domain lists every process). */
async function rendererIds(browser: Browser): Promise<number[]> {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
  await cdp.detach();
  return processInfo.filter(({ type }) => type === 'renderer').map(({ id }) => id);
}

test('a fresh context with one page starts one renderer, no spare beside it', async ({ browser }) => {
  const before = await rendererIds(browser);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('/healthz');
    // A spare is started once the navigation has committed; by network idle it would be there.
    await page.waitForLoadState('networkidle');
    const started = (await rendererIds(browser)).filter((id) => !before.includes(id));
    expect(started).toHaveLength(1);
  } finally {
    await context.close();
  }
});

test("Playwright's own disabled features stay disabled", async ({ browser }) => {
  const ours = (await disabledFeatureSwitches(browser)).at(-1) ?? [];
  const bare = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS.filter((arg) => !arg.startsWith('--disable-features=')) });
  try {
    const playwrights = (await disabledFeatureSwitches(bare)).flat();
    expect(playwrights.length).toBeGreaterThan(0);
    // A newer Playwright that disables more: add its features to PLAYWRIGHT_DISABLED_FEATURES.
    expect(PLAYWRIGHT_DISABLED_FEATURES.filter((feature) => !playwrights.includes(feature))).toEqual([]);
    expect(playwrights.filter((feature) => !ours.includes(feature))).toEqual([]);
  } finally {
    await bare.close();
  }
});
