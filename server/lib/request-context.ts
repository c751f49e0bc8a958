/**
 * Who a log line is about: the request (or background job) the code is running for, carried through
 * every await by AsyncLocalStorage, so a payment-provider call or a mail sent from a timer set by a
 * request logs the same request id without any service passing it along (server/lib/logger.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export type RequestContext = {
  /** From X-Request-Id when the caller (the load balancer) sent a usable one, otherwise ours. */
  requestId?: string;
  /** The signed-in customer or staff member, once their token has been verified. */
  uid?: string;
  /** A scheduled job's run (billing, pruning): its own id, as a request has its own. */
  job?: string;
  jobId?: string;
};

const storage = new AsyncLocalStorage<RequestContext>();

export const currentContext = (): RequestContext | undefined => storage.getStore();

export function runInContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** Runs one scheduled job's tick with its own job id on every line it logs. */
export function runAsJob<T>(job: string, work: () => Promise<T>): Promise<T> {
  return storage.run({ job, jobId: randomUUID() }, work);
}

/**
 * A caller's X-Request-Id is kept when it looks like an id (a load balancer's or a client's:
 * letters, digits and `._:-`, at most 64 characters); anything else (a log-injection attempt, a
 * 10 kB header, a phone number) is replaced by a fresh UUID, so what we echo and log is bounded.
 */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export function acceptRequestId(given: string | undefined): string {
  return given !== undefined && REQUEST_ID.test(given) && !/^\+?\d+$/.test(given) ? given : randomUUID();
}
