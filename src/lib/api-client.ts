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
}

export const { apiFetch } = createApiClient({
  fetch: (...args) => transport(...args),
  getToken: (forceRefresh) => session.getToken(forceRefresh),
  onUnauthorized: () => session.signOut({ isForced: true }),
  baseUrl,
});
