/**
 * The app's API client. Import `apiFetch` in feature endpoint modules:
 *   apiFetch('/locations/api/locations', { schema: locationListSchema })
 * Base URL: same origin unless VITE_API_BASE_URL is set (split deploy).
 */
import { createApiClient } from './create-api-client';
import { session } from './session';

const baseUrl: string = import.meta.env['VITE_API_BASE_URL'] ?? '';

/** The network; on the server (src/entry-server.tsx) the API app itself, called in-process. */
let transport: typeof fetch = (...args) => globalThis.fetch(...args);

/** Server rendering only: send API calls to `serverFetch` (Hono's `app.request`) instead of the network. */
export function setServerApiTransport(serverFetch: typeof fetch): void {
  transport = serverFetch;
  isOnServer = true;
}

/**
 * On the server the caller's token is the transport's to add (a signed-in page), and a 401 fails
 * that render: there is no Firebase to refresh a token from and no sign-in to end.
 */
let isOnServer = false;

export const { apiFetch } = createApiClient({
  fetch: (...args) => transport(...args),
  getToken: (forceRefresh) => (isOnServer ? Promise.resolve(null) : session.getToken(forceRefresh)),
  onUnauthorized: () => (isOnServer ? Promise.resolve() : session.signOut({ isForced: true })),
  baseUrl,
});
