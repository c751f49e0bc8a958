/**
 * /accounts/api/customers (spec 2 §7 Accounts): the calls made before sign-in (lookups, email
 * links, help requests) and the signed-in profile calls, on one sub-app. The vehicles service
 * mounts its own sub-app on the same prefix; Hono merges them.
 */
import { Hono } from 'hono';
import type { Deps } from '../../deps.ts';
import { createMailer, type Mailer } from '../../mail/mailer.ts';
import { createFirebaseIdentityAdmin, type IdentityAdmin } from './identity-admin.ts';
import { createCustomersProfileApi } from './profile-routes.ts';
import { createCustomersPublicApi } from './public-routes.ts';

export type CustomersContext = { deps: Deps; identity: IdentityAdmin; mailer: Mailer };

export function createCustomersApi(deps: Deps, overrides: { identity?: IdentityAdmin; mailer?: Mailer } = {}) {
  const ctx: CustomersContext = {
    deps,
    identity: overrides.identity ?? createFirebaseIdentityAdmin(deps.config),
    mailer: overrides.mailer ?? createMailer(deps),
  };
  const app = new Hono();
  app.route('/', createCustomersPublicApi(ctx));
  app.route('/', createCustomersProfileApi(ctx));
  return app;
}
