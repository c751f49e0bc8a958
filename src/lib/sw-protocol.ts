/**
 * The page ↔ service worker message protocol, shared by src/lib/sw-bridge.ts and sw/.
 * The worker never activates a new version on its own: the page asks it to (SKIP_WAITING) after
 * showing the update banner, then reloads once the new worker controls it. GET_VERSION lets
 * tests and support screens ask which build a worker serves.
 */
export const SKIP_WAITING = 'SKIP_WAITING';
export const GET_VERSION = 'GET_VERSION';

export type PageToWorkerMessage = { type: typeof SKIP_WAITING } | { type: typeof GET_VERSION };
export type WorkerVersionReply = { type: 'VERSION'; buildId: string };

export function isPageToWorkerMessage(data: unknown): data is PageToWorkerMessage {
  if (typeof data !== 'object' || data === null || !('type' in data)) return false;
  return data.type === SKIP_WAITING || data.type === GET_VERSION;
}
