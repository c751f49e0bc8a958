/**
 * Handles messages from the page (protocol in src/lib/sw-protocol.ts). Only the page decides
 * when a waiting worker takes over: it shows the update banner first and reloads as soon as the
 * new worker controls it, so no page keeps running against a worker from another release.
 */
/// <reference lib="webworker" />
import { GET_VERSION, isPageToWorkerMessage, SKIP_WAITING, type WorkerVersionReply } from '../src/lib/sw-protocol.ts';

declare const self: ServiceWorkerGlobalScope;

export function handleMessage(event: ExtendableMessageEvent): void {
  const message: unknown = event.data;
  if (!isPageToWorkerMessage(message)) return;
  switch (message.type) {
    case SKIP_WAITING:
      event.waitUntil(self.skipWaiting());
      return;
    case GET_VERSION: {
      const reply: WorkerVersionReply = { type: 'VERSION', buildId: __APP_BUILD_ID__ };
      event.ports[0]?.postMessage(reply);
      return;
    }
  }
}
