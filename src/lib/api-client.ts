/**
 * The app's API client. Import `apiFetch` in feature endpoint modules:
 *   apiFetch('/locations/api/locations', { schema: locationListSchema })
 * Base URL: same origin unless VITE_API_BASE_URL is set (split deploy).
 */
import { createApiClient } from './create-api-client';
import { session } from './session';

const baseUrl: string = import.meta.env['VITE_API_BASE_URL'] ?? '';

export const { apiFetch } = createApiClient({
  fetch: (...args) => globalThis.fetch(...args),
  getToken: (forceRefresh) => session.getToken(forceRefresh),
  onUnauthorized: () => session.signOut({ isForced: true }),
  baseUrl,
});
