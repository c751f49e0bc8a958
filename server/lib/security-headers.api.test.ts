/**
 * Security headers on every response (API answers, errors, the built PWA) and the dev outbox's
 * "this machine only" rule.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { permissionsPolicy } from './security-headers.ts';
import { serveBuiltApp } from './static-files.ts';

const PRELOAD = '(()=>{const l=document.createElement("link");l.rel="modulepreload";document.head.append(l)})()';
const INDEX_HTML = `<!doctype html><html><head><script>${PRELOAD}</script><script type="module" src="/assets/index.js"></script></head><body></body></html>`;

let t: TestApp;
let distDir: string;
beforeAll(async () => {
  t = await createTestApp();
  distDir = await mkdtemp(path.join(os.tmpdir(), 'parkfair-dist-'));
  await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
});
afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

/** The real app and static files over a throwaway dist/, with the given environment. */
function appWith(env: Record<string, string>) {
  const config = parseConfig({ NODE_ENV: 'test', DIST_DIR: distDir, DATA_DIR: distDir, ...env });
  const root = new Hono();
  root.route('/', createApp({ db: t.db, config, verifyToken: async () => { throw new Error('no tokens'); }, now: () => t.clock.now }));
  root.use('*', serveBuiltApp(distDir));
  return root;
}

function directives(policy: string | null): Map<string, string[]> {
  return new Map((policy ?? '').split(';').map((part) => part.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values]));
}

describe('security headers', () => {
  it('are on API answers, errors and 404s alike', async () => {
    for (const [path, status] of [['/locations/api/locations/1', 200], ['/locations/api/locations/by-number/9999', 404], ['/nope/api/x', 404]] as const) {
      const response = await t.request(path);
      expect(response.status, path).toBe(status);
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('X-Frame-Options')).toBe('DENY');
      expect(response.headers.get('Permissions-Policy')).toBe(permissionsPolicy(false));
      expect(response.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('allow the camera, geolocation and Pay with Browser to the app itself (and Stripe\'s frame when configured) only', () => {
    expect(permissionsPolicy(false)).toBe('camera=(self), geolocation=(self), payment=(self), microphone=(), usb=(), display-capture=()');
    expect(permissionsPolicy(true)).toContain('payment=(self "https://js.stripe.com")');
  });

  it('serve the PWA with a CSP that allows its inline preload script by hash, never unsafe-inline', async () => {
    const response = await appWith({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).request('/parkandpay/session');
    expect(await response.text()).toBe(INDEX_HTML);
    const csp = directives(response.headers.get('Content-Security-Policy'));
    const hash = createHash('sha256').update(PRELOAD).digest('base64');
    expect(csp.get('script-src')).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(response.headers.get('Content-Security-Policy')).not.toContain('unsafe-inline');
    expect(response.headers.get('Content-Security-Policy')).not.toContain('unsafe-eval');
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
  });

  it('follow a rebuilt index.html', async () => {
    const app = appWith({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    const rebuilt = INDEX_HTML.replace(PRELOAD, `${PRELOAD};1`);
    await writeFile(path.join(distDir, 'index.html'), rebuilt);
    try {
      // The modification time is the key: make sure it moved even on a coarse clock.
      const later = new Date(Date.now() + 5000);
      await import('node:fs/promises').then(({ utimes }) => utimes(path.join(distDir, 'index.html'), later, later));
      const csp = directives((await app.request('/')).headers.get('Content-Security-Policy'));
      expect(csp.get('script-src')).toEqual(["'self'", `'sha256-${createHash('sha256').update(`${PRELOAD};1`).digest('base64')}'`]);
    } finally {
      await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    }
  });

  it('name Stripe only when Stripe is configured, and the Auth emulator only when it is in use', async () => {
    const plain = directives((await appWith({}).request('/')).headers.get('Content-Security-Policy'));
    expect(plain.get('connect-src')).toEqual(["'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com']);
    expect(plain.get('frame-src')).toContain('https://demo-parkfair.firebaseapp.com');
    const withStripe = directives((await appWith({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }).request('/')).headers.get('Content-Security-Policy'));
    expect(withStripe.get('script-src')).toContain('https://js.stripe.com');
    expect(withStripe.get('frame-src')).toContain('https://js.stripe.com');
    expect(withStripe.get('connect-src')).toContain('https://api.stripe.com');
    const withEmulator = directives((await appWith({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).request('/')).headers.get('Content-Security-Policy'));
    expect(withEmulator.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:9099']);
    expect(withEmulator.get('script-src')?.some((source) => source.includes('google'))).toBe(false);
    expect(withEmulator.get('frame-src')).toEqual(["'none'"]);
  });

  it('send HSTS only over TLS, or behind a trusted proxy that says https', async () => {
    expect((await appWith({}).request('http://127.0.0.1/')).headers.get('Strict-Transport-Security')).toBeNull();
    expect((await appWith({}).request('https://parkfair.example/')).headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
    const claimed = { headers: { 'X-Forwarded-Proto': 'https' } };
    expect((await appWith({}).request('http://127.0.0.1/', claimed)).headers.get('Strict-Transport-Security')).toBeNull();
    const behindProxy = await appWith({ TRUST_PROXY: '1' }).request('http://127.0.0.1/', claimed);
    expect(behindProxy.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
    expect(behindProxy.headers.get('Content-Security-Policy')).toContain('upgrade-insecure-requests');
  });
});

describe('GET /dev/api/outbox', () => {
  const loopback = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };

  it('answers a caller on this machine while the dev outbox is the mail transport', async () => {
    expect((await appWith({}).request('/dev/api/outbox', {}, loopback)).status).toBe(200);
    expect((await appWith({}).request('/dev/api/outbox', {}, { incoming: { socket: { remoteAddress: '::1' } } })).status).toBe(200);
  });

  it('is not there for anyone else, through a proxy, with SMTP, or in production', async () => {
    const refusals: [string, Response][] = [
      ['remote caller', await appWith({}).request('/dev/api/outbox', {}, { incoming: { socket: { remoteAddress: '203.0.113.9' } } })],
      ['no socket', await appWith({}).request('/dev/api/outbox')],
      ['through a proxy', await appWith({}).request('/dev/api/outbox', { headers: { 'X-Forwarded-For': '203.0.113.9' } }, loopback)],
      ['SMTP configured', await appWith({ SMTP_URL: 'smtp://mail.example:587' }).request('/dev/api/outbox', {}, loopback)],
      ['production', await appWith({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://parkfair.example' }).request('/dev/api/outbox', {}, loopback)],
    ];
    for (const [label, response] of refusals) {
      expect(response.status, label).toBe(404);
      expect(await response.json(), label).toEqual({ message: 'Not found' });
    }
  });
});

describe('static paths', () => {
  it('answer a broken % escape with 400 and a message, never a 500', async () => {
    for (const path of ['/%E0%A4%A', '/assets/%zz.js', '/%']) {
      const response = await appWith({}).request(path);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ message: 'Bad path: a % escape in it is not valid.' });
    }
  });
});
