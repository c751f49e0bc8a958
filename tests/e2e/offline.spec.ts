import { expect, test } from '@playwright/test';
import { waitForServiceWorkerControl } from '../support/service-worker.ts';

test('the service worker takes control and the shell reloads with the network off', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // A deep link opened offline gets the shell too (NavigationRoute → precached index.html).
  const deepLink = await page.goto('/parkandpay/welcome');
  expect(deepLink?.fromServiceWorker()).toBe(true);
  await expect(page.locator('#root')).not.toBeEmpty();
  await context.setOffline(false);
});
