/**
 * Service worker helpers for end-to-end specs: wait until the worker controls the page, ask the
 * registration to look for an update now (what the page does every 60 s), and read the build
 * id a worker serves through the page ↔ worker protocol (src/lib/sw-protocol.ts).
 */
import type { Page } from '@playwright/test';

export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    // The worker claims the page on activation (clientsClaim): wait for that switch.
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
  });
}

export async function checkForUpdateNow(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
}

export async function readControllerBuildId(page: Page): Promise<string | undefined> {
  return page.evaluate(
    () =>
      new Promise<string | undefined>((resolve) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return resolve(undefined);
        const channel = new MessageChannel();
        channel.port1.onmessage = (event: MessageEvent<{ buildId?: string }>) => resolve(event.data.buildId);
        controller.postMessage({ type: 'GET_VERSION' }, [channel.port2]);
        setTimeout(() => resolve(undefined), 5000);
      }),
  );
}
