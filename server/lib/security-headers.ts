/**
 * Security headers on every response, API and PWA alike (README "Security headers"):
 * - a strict Content-Security-Policy: scripts only from our origin plus the exact inline scripts
 *   of the built index.html (the gate pages' preload script, vite.config.ts `gatePagesPreload`),
 *   allowed by their sha256 hash — never 'unsafe-inline' for scripts. Third-party origins appear
 *   only when the feature that needs them is configured: Stripe with STRIPE_PUBLISHABLE_KEY,
 *   the Firebase Auth emulator when it is in use, Google's identity endpoints and reCAPTCHA
 *   (phone sign-in) otherwise.
 *   Maps need no other origin (tiles, glyphs and maplibre's worker are ours, src/lib/map.tsx);
 * - no framing at all (frame-ancestors 'none', X-Frame-Options DENY), nosniff, a referrer
 *   that never leaves a path (tickets are in paths) to other sites;
 * - a Permissions-Policy that lets the app itself use the camera, geolocation and the Payment
 *   Request API, and nothing else;
 * - HSTS only when the request came over TLS (directly, or through a trusted proxy that says so).
 *
 * The inline-script hashes are computed from dist/index.html when it is first served and again
 * whenever the file changes, so a rebuild cannot leave the policy behind the page. Only HTML
 * answers look at the file (the policy matters only for documents); API answers reuse the last
 * hashes, so no request to the API pays a file-system call.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';

const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};
/**
 * A real Firebase project (no emulator): the client SDK's REST endpoints, and for phone sign-in
 * Google's reCAPTCHA (its script and frame) and the project's auth domain frame.
 */
const FIREBASE = {
  connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com'],
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/', 'https://apis.google.com'],
  frame: (projectId: string) => ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/', `https://${projectId}.firebaseapp.com`],
};
/** Where the built PWA points the Auth emulator unless VITE_FIREBASE_AUTH_EMULATOR_URL says otherwise. */
const DEFAULT_EMULATOR_URL = 'http://127.0.0.1:9099';

/**
 * Features only the app itself may use: the camera (plate and QR scans), geolocation (garages
 * near me) and the Payment Request API (Pay with Browser; Stripe's frame too when configured);
 * the others a page could ask for are off.
 */
export function permissionsPolicy(usesStripe: boolean): string {
  return `camera=(self), geolocation=(self), payment=(self${usesStripe ? ' "https://js.stripe.com"' : ''}), microphone=(), usb=(), display-capture=()`;
}

export type CspInputs = {
  /** sha256 of each inline <script> of index.html, base64. */
  inlineScriptHashes: readonly string[];
  usesStripe: boolean;
  /** Origins of the Auth emulator the browser talks to, when the emulator is in use. */
  authEmulatorOrigins: readonly string[];
  firebaseProjectId: string;
  isHttps: boolean;
};

export function buildContentSecurityPolicy({ inlineScriptHashes, usesStripe, authEmulatorOrigins, firebaseProjectId, isHttps }: CspInputs): string {
  const stripe = (list: readonly string[]) => (usesStripe ? list : []);
  const usesEmulator = authEmulatorOrigins.length > 0;
  const firebase = (list: readonly string[]) => (usesEmulator ? [] : list);
  const frames = [...firebase(FIREBASE.frame(firebaseProjectId)), ...stripe(STRIPE.frame)];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...inlineScriptHashes.map((hash) => `'sha256-${hash}'`), ...firebase(FIREBASE.script), ...stripe(STRIPE.script)],
    // React sets style properties through the CSSOM (not covered by CSP); maplibre's own CSS is a file.
    ['style-src', "'self'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...(usesEmulator ? authEmulatorOrigins : FIREBASE.connect), ...stripe(STRIPE.connect)],
    // maplibre runs its worker from our bundle; blob: covers its fallback.
    ['worker-src', "'self'", 'blob:'],
    ['frame-src', ...(frames.length > 0 ? frames : ["'none'"])],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  if (isHttps) directives.push(['upgrade-insecure-requests']);
  return directives.map((directive) => directive.join(' ')).join('; ');
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The sha256 (base64) of each inline script's text, as a browser hashes it for CSP. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .map((match) => match[1] ?? '')
    .filter((text) => text.trim() !== '')
    .map((text) => createHash('sha256').update(text, 'utf8').digest('base64'));
}

/**
 * Hashes of dist/index.html: `check()` looks at the file and recomputes them when its
 * modification time changed; `last()` answers what the last check found (checking once if none has).
 */
function indexHtmlHashes(distDir: string): { check(): string[]; last(): string[] } {
  const file = path.join(distDir, 'index.html');
  let cached: { mtimeMs: number; hashes: string[] } | undefined;
  const check = (): string[] => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      // No built page (an API-only server, a bench): remembered too, so `last()` — every API
      // answer — does not stat and throw again (it was ~4 % of a rates search's CPU).
      cached = { mtimeMs: Number.NaN, hashes: [] };
      return cached.hashes;
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, hashes: inlineScriptHashes(readFileSync(file, 'utf8')) };
    return cached.hashes;
  };
  return { check, last: () => cached?.hashes ?? check() };
}

export function securityHeaders(config: Config): MiddlewareHandler {
  const hashes = indexHtmlHashes(config.distDir);
  // TRUST_PROXY, the same hop count the rate limits read (server/config.ts).
  const trustsProxy = config.trustProxyHops > 0;
  const authEmulatorOrigins = config.authEmulatorHost ? [...new Set([DEFAULT_EMULATOR_URL, `http://${config.authEmulatorHost}`])] : [];
  const usesStripe = Boolean(config.stripeSecretKey && config.stripePublishableKey);
  const policies = new Map<string, string>();
  const permissions = permissionsPolicy(usesStripe);

  return async (c, next) => {
    await next();
    const forwardedProto = trustsProxy ? c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim() : undefined;
    const isHttps = new URL(c.req.url).protocol === 'https:' || forwardedProto === 'https';
    const isHtml = c.res.headers.get('Content-Type')?.startsWith('text/html') ?? false;
    const inlineScriptHashes = isHtml ? hashes.check() : hashes.last();
    // Everything else in the policy is fixed when the middleware is made.
    const key = `${isHttps}:${inlineScriptHashes.join(',')}`;
    let policy = policies.get(key);
    if (!policy) {
      policy = buildContentSecurityPolicy({ inlineScriptHashes, usesStripe, authEmulatorOrigins, firebaseProjectId: config.firebaseProjectId, isHttps });
      policies.set(key, policy);
    }
    const headers = c.res.headers;
    headers.set('Content-Security-Policy', policy);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Permissions-Policy', permissions);
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    if (isHttps) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
