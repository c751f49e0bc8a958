/**
 * One log line and one metrics observation per request, and the request's context for every line
 * logged while it runs (server/lib/request-context.ts). The id comes from X-Request-Id when the load
 * balancer (or client) sent a usable one, and is answered in X-Request-Id either way, so a driver's
 * support ticket, the balancer's log and ours meet on one id. The route is Hono's matched pattern,
 * never the raw path: paths carry plates, emails, phone numbers and ticket numbers.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { TokenVerifier } from './auth.ts';
import { log } from './logger.ts';
import { observeRequest } from './metrics.ts';
import { acceptRequestId, currentContext, runInContext, type RequestContext } from './request-context.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Health probes arrive every few seconds from the balancer: their line is debug unless they fail. */
const isProbe = (route: string) => route.startsWith('/healthz');

function answerWithId(c: Context, requestId: string) {
  try {
    c.res.headers.set(REQUEST_ID_HEADER, requestId);
  } catch {
    // A response with immutable headers (a fetched one): copy it once to add ours.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(REQUEST_ID_HEADER, requestId);
  }
}

export function logRequests(): MiddlewareHandler {
  return async (c, next) => {
    // A call made in-process is part of what made it: the SSR renderer's data calls belong to the
    // page's request, the start's rate-search warm-up (server/rates/warm-up.ts) to no request at all.
    if (currentContext()) return next();
    const context: RequestContext = { requestId: acceptRequestId(c.req.header(REQUEST_ID_HEADER)) };
    const started = performance.now();
    await runInContext(context, next);
    const seconds = (performance.now() - started) / 1000;
    const route = routePath(c) || '*';
    const status = c.res.status;
    answerWithId(c, context.requestId ?? '');
    observeRequest(c.req.method, route, status, seconds);
    const line = { method: c.req.method, route, status, ms: Math.round(seconds * 10_000) / 10 };
    // In the request's context again: the mixin adds its id and the customer's uid (rememberCaller).
    runInContext(context, () => {
      if (status >= 500) log.error(line, 'request');
      else if (isProbe(route)) log.debug(line, 'request');
      else log.info(line, 'request');
    });
  };
}

/** The verifier that also names the verified caller on the request's log lines (uid only). */
export function rememberCaller(verify: TokenVerifier): TokenVerifier {
  return async (token) => {
    const user = await verify(token);
    const context = currentContext();
    if (context) context.uid = user.uid;
    return user;
  };
}
