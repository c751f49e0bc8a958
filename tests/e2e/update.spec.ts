import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_DIST_DIR, E2E_NEXT_DIST_DIR } from '../support/e2e-env.ts';
import { deployBuild } from '../support/served-build.ts';
import { checkForUpdateNow, readControllerBuildId, waitForServiceWorkerControl } from '../support/service-worker.ts';

const BANNER_TEXT = 'Downloading the latest website updates...';
let snapshotDir = '';

test.beforeAll(async () => {
  snapshotDir = await mkdtemp(path.join(tmpdir(), 'pf-e2e-dist-'));
  await cp(E2E_DIST_DIR, snapshotDir, { recursive: true });
});

test.afterAll(async () => {
  // Put the first build back so the order of spec files does not matter.
  await deployBuild(snapshotDir, E2E_DIST_DIR);
  await rm(snapshotDir, { recursive: true, force: true });
});

test('a new release shows the update banner and the page reloads into it', async ({ page }) => {
  // The banner may show for well under a second before the reload: record that it appeared in
  // sessionStorage, which survives the reload, instead of racing a visibility poll against it.
  await page.addInitScript((text) => {
    new MutationObserver(() => {
      if (document.querySelector('[role="status"]')?.textContent?.includes(text)) sessionStorage.setItem('e2e-update-banner-seen', 'yes');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, BANNER_TEXT);
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  const firstBuild = await readControllerBuildId(page);
  expect(firstBuild).toBeTruthy();

  await deployBuild(E2E_NEXT_DIST_DIR, E2E_DIST_DIR);
  const reloaded = page.waitForEvent('load', { timeout: 30_000 });
  // The page checks every 60 s; ask now instead of waiting a minute.
  await checkForUpdateNow(page);
  await reloaded;
  expect(await page.evaluate(() => sessionStorage.getItem('e2e-update-banner-seen'))).toBe('yes');

  await waitForServiceWorkerControl(page);
  await expect.poll(() => readControllerBuildId(page)).not.toBe(firstBuild);
  await expect(page.getByText(BANNER_TEXT)).toBeHidden();
});
