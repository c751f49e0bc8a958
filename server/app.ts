/**
 * The API as one Hono app: each URL prefix is a service sub-app in server/<service>/,
 * mounted here. main.ts adds static file serving for the built PWA around it.
 */
import { Hono } from 'hono';
import { createContentApi } from './content/routes.ts';
import type { Deps } from './deps.ts';
import { createHealthApi } from './health/routes.ts';
import { handleError } from './lib/http-error.ts';
import { createLocationsApi } from './locations/routes.ts';
import { createLogsApi } from './logs/routes.ts';

export function createApp(deps: Deps) {
  const app = new Hono();
  app.onError(handleError);
  app.route('/healthz', createHealthApi(deps));
  app.route('/locations/api', createLocationsApi(deps));
  app.route('/content/api', createContentApi(deps));
  app.route('/logs/api', createLogsApi(deps));
  app.all('/:service{[a-z-]+}/api/*', (c) => c.json({ message: `No such API call: ${c.req.method} ${c.req.path}` }, 404));
  return app;
}
