/**
 * Service worker helpers for end-to-end specs: wait until the worker controls the page, ask the
 * registration to look for an update now (what the page does every 60 s), and read the build
 * id a worker serves through the page ↔ worker protocol (src/lib/sw-protocol.ts).
 */
import type { Page } from '@playwright/test';

/**
 * Waits until a service worker controls the page. A worker that has not taken control within
 * `timeoutMs` fails the test with what the registration holds (installing, waiting, active and their
 * states), not with the test's own timeout minutes later: a first install that never completes is
 * then told apart from one that is merely slow.
 */
export async function waitForServiceWorkerControl(page: Page, timeoutMs = 90_000): Promise<void> {
  const stuck = await page.evaluate(async (ms) => {
    const controlled = (async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return;
      // The worker claims the page on activation (clientsClaim): wait for that switch.
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    })();
    const timedOut = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));
    if ((await Promise.race([controlled, timedOut])) !== 'timeout') return undefined;
    const registration = await navigator.serviceWorker.getRegistration();
    const state = (worker: ServiceWorker | null | undefined) => worker?.state ?? 'none';
    return registration
      ? `installing ${state(registration.installing)}, waiting ${state(registration.waiting)}, active ${state(registration.active)}, controller ${navigator.serviceWorker.controller ? 'yes' : 'no'}`
      : 'no registration';
  }, timeoutMs);
  if (stuck) throw new Error(`no service worker controlled the page within ${timeoutMs / 1000} s (${stuck})`);
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
