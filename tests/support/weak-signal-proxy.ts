/**
 * A forward HTTP proxy for "a weak garage signal" (issue 22): Chromium sends every request
 * through it (`--proxy-server`, with `--proxy-bypass-list=<-loopback>` so loopback is not
 * bypassed: the app, its worker and the Auth emulator all live on 127.0.0.1). In `direct` mode
 * it passes traffic through; in `weak` mode each request waits 2 s and each answer trickles at
 * ~2.5 KB/s. It notes when each answer's first byte went back, so a test can tell what was on
 * screen before the network answered.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Transform } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

export const WEAK_SIGNAL = { delayMs: 2000, bytesPerSecond: 2500 } as const;

export type ProxiedRequest = { url: string; requestedAt: number };
export type ProxiedAnswer = ProxiedRequest & { firstByteAt: number };

/** Lets `bytesPerSecond` through in tenth-of-a-second slices. */
function trickle(bytesPerSecond: number): Transform {
  const slice = Math.max(1, Math.floor(bytesPerSecond / 10));
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      void (async () => {
        for (let offset = 0; offset < chunk.length; offset += slice) {
          this.push(chunk.subarray(offset, offset + slice));
          await sleep(100);
        }
        done();
      })();
    },
  });
}

const HOP_BY_HOP = ['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive', 'te', 'trailer', 'upgrade'];

export async function startWeakSignalProxy() {
  let isWeak = false;
  const requests: ProxiedRequest[] = [];
  const answers: ProxiedAnswer[] = [];
  const server = http.createServer((request, response) => {
    const requestedAt = Date.now();
    const isWeakNow = isWeak;
    const target = new URL(request.url ?? '/');
    requests.push({ url: target.href, requestedAt });
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !HOP_BY_HOP.includes(name)));
    const forward = () => {
      const upstream = http.request({ host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: request.method, headers }, (reply) => {
        answers.push({ url: target.href, requestedAt, firstByteAt: Date.now() });
        response.writeHead(reply.statusCode ?? 502, Object.fromEntries(Object.entries(reply.headers).filter(([name]) => !HOP_BY_HOP.includes(name))));
        (isWeakNow ? reply.pipe(trickle(WEAK_SIGNAL.bytesPerSecond)) : reply).pipe(response);
      });
      upstream.on('error', () => response.destroy());
      request.pipe(upstream);
    };
    if (isWeakNow) setTimeout(forward, WEAK_SIGNAL.delayMs);
    else forward();
  });
  // Nothing here speaks HTTPS or WebSocket: refuse tunnels rather than hang.
  server.on('connect', (_request, socket) => socket.end('HTTP/1.1 405 Method Not Allowed\r\n\r\n'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    /** Every request as it reached the proxy (before any delay). */
    requests,
    answers,
    setWeak(weak: boolean) {
      isWeak = weak;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A browser that quit may leave keep-alive sockets and delayed answers: do not wait for them.
        server.closeAllConnections();
      }),
  };
}
