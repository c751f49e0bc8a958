/**
 * GET /metrics on a listener of its own, bound to loopback (METRICS_PORT, default 9464), so no
 * request through the load balancer can reach it whatever the routes, proxy headers or a future
 * catch-all in the public app do: a second socket on 127.0.0.1 is a boundary the kernel keeps, a
 * check of X-Forwarded-For is one a proxy misconfiguration removes. The scraper (Prometheus or an
 * agent) runs on the same host. Each answer also checks the peer is loopback, in case the socket
 * is ever bound wider.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { log } from './logger.ts';
import { collectProcessMetrics, metricsRegistry } from './metrics.ts';

export const METRICS_HOST = '127.0.0.1';

const isLoopback = (address: string | undefined) => address !== undefined && (address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.'));

export type MetricsServer = { port: number; close: () => Promise<void> };

/** Starts the listener; a port already taken (a second process on the host) is logged, not fatal. */
export async function startMetricsServer(port: number): Promise<MetricsServer | undefined> {
  collectProcessMetrics();
  const server: Server = createServer((request, response) => {
    if (!isLoopback(request.socket.remoteAddress)) {
      response.writeHead(403).end();
      return;
    }
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': metricsRegistry.contentType }).end(text),
      (error: unknown) => {
        log.error({ err: error }, 'metrics could not be collected');
        response.writeHead(500).end();
      },
    );
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      log.error({ err: error, port }, `metrics not served: ${METRICS_HOST}:${port} is ${error.code === 'EADDRINUSE' ? 'taken (give each process on this host its own METRICS_PORT)' : 'unusable'}`);
      resolve(false);
    });
    server.listen(port, METRICS_HOST, () => resolve(true));
  });
  if (!listening) return undefined;
  const { port: bound } = server.address() as AddressInfo;
  log.info(`[metrics] Prometheus metrics on http://${METRICS_HOST}:${bound}/metrics`);
  return { port: bound, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
