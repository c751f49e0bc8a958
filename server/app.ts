/**
 * The API as one Hono app: each URL prefix is a service sub-app in server/<service>/,
 * mounted here. main.ts adds static file serving for the built PWA around it.
 */
import { Hono } from 'hono';
import { createCustomersApi } from './accounts/customers/routes.ts';
import { createVehiclesApi } from './accounts/vehicles/routes.ts';
import { createAddressesApi } from './addresses/routes.ts';
import { createClaimsApi } from './claims/routes.ts';
import { createContentApi } from './content/routes.ts';
import type { Deps } from './deps.ts';
import { createHealthApi } from './health/routes.ts';
import { limitRequestBodies } from './lib/body-limit.ts';
import { httpCache } from './lib/http-cache.ts';
import { logRequests, rememberCaller } from './lib/log-requests.ts';
import { handleError } from './lib/http-error.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { limitTokenGuessing, tokenGuessingContext } from './lib/token-guessing.ts';
import { createLocationsApi } from './locations/routes.ts';
import { createLogsApi } from './logs/routes.ts';
import { createMonthlyContractsApi } from './monthly-contracts/routes.ts';
import { createBadgeSessionApi, createMonthlyReservationsApi, createMonthlyTicketsApi } from './monthly-reservations/routes.ts';
import { createParkingSystemApi } from './parking-system/routes.ts';
import { createPaymentsApi } from './payments/routes.ts';
import { createDevOutboxApi } from './mail/outbox-routes.ts';
import { createExemptionsApi, createStaffExemptionsApi } from './exemptions/routes.ts';
import { createPlatesApi } from './plates/routes.ts';
import { createPromoRedirectApi } from './promo-redirect/routes.ts';
import { createPromotionsApi } from './promotions/routes.ts';
import { createRatesApi } from './rates/routes.ts';
import { createSearchApi } from './search/routes.ts';
import { createReportsApi } from './reports/routes.ts';
import { createReservationsApi } from './reservations/routes.ts';
import { createSeoApi } from './seo/routes.ts';
import { createStaffApi } from './staff/routes.ts';
import { createTicketsApi } from './tickets/routes.ts';
import { createTransitionsApi } from './transitions/routes.ts';
import { createValidationsApi } from './validations/routes.ts';

export function createApp(given: Deps) {
  // Token verifications count their failures per caller and uid (server/lib/token-guessing.ts).
  const deps: Deps = { ...given, verifyToken: rememberCaller(limitTokenGuessing(given)) };
  const app = new Hono();
  app.onError(handleError);
  app.use('*', logRequests()); // first: its id and timing cover every other middleware (server/lib/log-requests.ts)
  app.use('*', securityHeaders(deps.config));
  app.use('*', limitRequestBodies());
  app.use('*', httpCache());
  app.use('*', tokenGuessingContext(deps.config));
  app.route('/healthz', createHealthApi(deps));
  app.route('/', createSeoApi(deps));
  app.route('/locations/api', createLocationsApi(deps));
  app.route('/content/api', createContentApi(deps));
  app.route('/logs/api', createLogsApi(deps));
  app.route('/accounts/api/customers', createCustomersApi(deps));
  app.route('/accounts/api/customers', createVehiclesApi(deps));
  app.route('/accounts/api/customers', createBadgeSessionApi(deps));
  app.route('/payments/api', createPaymentsApi(deps));
  app.route('/payments/api', createMonthlyContractsApi(deps));
  app.route('/payments/api', createExemptionsApi(deps));
  app.route('/dev/api', createDevOutboxApi(deps));
  app.route('/plates/api', createPlatesApi(deps));
  app.route('/rates/api', createRatesApi(deps));
  app.route('/promotions/api', createPromotionsApi(deps));
  app.route('/parking-system/api', createParkingSystemApi(deps));
  app.route('/tickets/api', createTicketsApi(deps));
  app.route('/claims/api', createClaimsApi(deps));
  app.route('/staff/api', createStaffApi(deps));
  app.route('/staff/api', createStaffExemptionsApi(deps));
  app.route('/transitions/api', createTransitionsApi(deps));
  app.route('/tickets/api', createMonthlyTicketsApi(deps));
  app.route('/reservations/api', createMonthlyReservationsApi(deps));
  app.route('/search/api', createAddressesApi(deps));
  app.route('/search/api', createSearchApi(deps));
  app.route('/reservations/api', createReservationsApi(deps));
  app.route('/reports/api', createReportsApi(deps));
  app.route('/promo-redirect/api', createPromoRedirectApi(deps));
  app.route('/validations/api', createValidationsApi(deps));
  app.all('/:service{[a-z-]+}/api/*', (c) => c.json({ message: `No such API call: ${c.req.method} ${c.req.path}` }, 404));
  // Paths that match nothing (e.g. `/tickets/api/..` normalised to `/tickets/`) get JSON too, as from main.ts.
  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  return app;
}
