/**
 * The body limit through a real socket (@hono/node-server, as in production): an oversized body
 * is refused with 413 and a JSON message before it is read, whether its size is announced
 * (Content-Length) or streamed (chunked), and the server's memory does not grow with it.
 */
import { serve, type ServerType } from '@hono/node-server';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { DEFAULT_BODY_LIMIT_BYTES } from './body-limit.ts';

const FIFTY_MB = 50 * 1024 * 1024;
let t: TestApp;
let server: ServerType;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

type Sent = { status: number; body: string; ms: number; bytesWritten: number };

/**
 * POSTs `totalBytes` of JSON-looking filler from one reused 64 KB chunk (the test holds no big
 * buffer), announcing `contentLength` (or streaming chunked when undefined). Stops writing when
 * the server answers or closes.
 */
function postFiller(path: string, totalBytes: number, contentLength: number | undefined): Promise<Sent> {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let bytesWritten = 0;
    let answered = false;
    const request = http.request({
      host: '127.0.0.1', port, path, method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(contentLength === undefined ? {} : { 'Content-Length': String(contentLength) }) },
    }, (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body, ms: performance.now() - started, bytesWritten });
      });
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && !request.destroyed && bytesWritten < totalBytes) {
        const piece = bytesWritten === 0 ? Buffer.concat([Buffer.from('{"message":"'), chunk.subarray(12)]) : chunk;
        const slice = piece.subarray(0, Math.min(piece.length, totalBytes - bytesWritten));
        bytesWritten += slice.length;
        if (!request.write(slice)) {
          request.once('drain', pump);
          return;
        }
      }
      if (bytesWritten >= totalBytes && !request.writableEnded) request.end();
    };
    pump();
  });
}

const serverMemory = () => {
  const { heapUsed, arrayBuffers, external } = process.memoryUsage();
  return heapUsed + arrayBuffers + external;
};

describe('request body limit', () => {
  it('refuses a 50 MB anonymous client log announced by Content-Length, quickly and without buffering it', async () => {
    const before = serverMemory();
    const sent = await postFiller('/logs/api/webclient_log', FIFTY_MB, FIFTY_MB);
    expect(sent.status).toBe(413);
    expect(JSON.parse(sent.body)).toEqual({ message: 'The request body is larger than 64 KB.' });
    expect(sent.ms).toBeLessThan(3000);
    // Well short of the 50 MB sent (it was +137 MB when the body was parsed).
    expect(serverMemory() - before).toBeLessThan(16 * 1024 * 1024);
    expect(sent.bytesWritten).toBeLessThan(FIFTY_MB);
  });

  it('refuses a 50 MB chunked body (no Content-Length) as soon as it passes the limit', async () => {
    const before = serverMemory();
    const sent = await postFiller('/logs/api/webclient_log', FIFTY_MB, undefined);
    expect(sent.status).toBe(413);
    expect(JSON.parse(sent.body)).toEqual({ message: 'The request body is larger than 64 KB.' });
    expect(sent.ms).toBeLessThan(3000);
    expect(serverMemory() - before).toBeLessThan(16 * 1024 * 1024);
    expect(sent.bytesWritten).toBeLessThan(FIFTY_MB);
  });

  it('reads no more than a lying Content-Length announces: the request is a 400, never a 500', async () => {
    const sent = await postFiller('/logs/api/webclient_log', 4 * 1024 * 1024, 1000);
    expect(sent.status).toBe(400);
  });

  it('limits every route, signed-in ones included, at one byte over 64 KB', async () => {
    for (const path of ['/logs/api/webclient_log', '/accounts/api/customers/vehicles', '/payments/api/payments/initialize', '/tickets/api/tickets/R4T9WX/calculate-rate']) {
      const sent = await postFiller(path, DEFAULT_BODY_LIMIT_BYTES + 1, DEFAULT_BODY_LIMIT_BYTES + 1);
      expect(sent.status, path).toBe(413);
    }
    const small = await t.request('/logs/api/webclient_log', { method: 'POST', json: { logLevel: 'Error', logEvent: 'ClientError', message: 'x' } });
    expect(small.status).toBe(201);
  });

  it('lets the plate reader take a photo larger than the default (it has its own limit)', async () => {
    const sent = await postFiller('/plates/api/recognize', 1024 * 1024, 1024 * 1024);
    // Past the body limit, the plate reader asks who is calling; signed in, its own 12 MB limit
    // answers (server/plates/routes.api.test.ts).
    expect(sent.status).toBe(401);
  });
});
