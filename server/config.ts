/**
 * Server configuration, parsed once at start from the environment.
 * Every variable has a development default so `npm start` works on a fresh machine;
 * secrets (Stripe keys, SMTP password, Firebase service account) come only from the environment.
 */
import path from 'node:path';
import * as v from 'valibot';

const portSchema = v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(65535));

const hopCountSchema = v.pipe(v.string(), v.regex(/^\d{1,2}$/, 'TRUST_PROXY must be the number of proxies in front of the server (0 to 99)'), v.transform(Number));
const originSchema = v.pipe(
  v.string(),
  v.url('PUBLIC_ORIGIN must be a URL such as https://parkfair.example'),
  v.check((value) => /^https?:$/.test(new URL(value).protocol), 'PUBLIC_ORIGIN must be an http(s) URL'),
  v.transform((value) => new URL(value).origin),
);

const envSchema = v.object({
  PORT: v.optional(portSchema, '8080'),
  HOST: v.optional(v.string(), '127.0.0.1'),
  DATA_DIR: v.optional(v.string(), '.data'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://'))),
  DIST_DIR: v.optional(v.string(), 'dist'),
  FIREBASE_PROJECT_ID: v.optional(v.string(), 'demo-parkfair'),
  FIREBASE_AUTH_EMULATOR_HOST: v.optional(v.string()),
  STRIPE_SECRET_KEY: v.optional(v.string()),
  STRIPE_PUBLISHABLE_KEY: v.optional(v.string()),
  SMTP_URL: v.optional(v.string()),
  MAIL_FROM: v.optional(v.string(), 'ParkFair <no-reply@parkfair.example>'),
  NODE_ENV: v.optional(v.string(), 'development'),
  TRUST_PROXY: v.optional(hopCountSchema, '0'),
  PLATE_WARMUP: v.optional(v.string()),
  // Prometheus metrics on 127.0.0.1 only (server/lib/metrics-server.ts); `off` serves none.
  METRICS_PORT: v.optional(v.union([v.literal('off'), portSchema]), '9464'),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent')),
  LOG_FORMAT: v.optional(v.picklist(['json', 'pretty'], 'LOG_FORMAT must be json or pretty')),
  PUBLIC_ORIGIN: v.optional(originSchema),
  // Claim photos in an S3-compatible bucket instead of DATA_DIR/objects (server/claims/object-store.ts).
  OBJECT_STORE_S3_ENDPOINT: v.optional(v.pipe(v.string(), v.url('OBJECT_STORE_S3_ENDPOINT must be a URL such as https://s3.us-east-1.amazonaws.com'))),
  OBJECT_STORE_S3_BUCKET: v.optional(v.string()),
  OBJECT_STORE_S3_REGION: v.optional(v.string(), 'us-east-1'),
  AWS_ACCESS_KEY_ID: v.optional(v.string()),
  AWS_SECRET_ACCESS_KEY: v.optional(v.string()),
  PROMOTIONS_URL: v.optional(
    v.pipe(v.string(), v.url('PROMOTIONS_URL must be a URL such as https://promotions.parkfair.example/qr'), v.check((value) => /^https?:$/.test(new URL(value).protocol), 'PROMOTIONS_URL must be an http(s) URL')),
    'https://promotions.parkfair.example/qr',
  ),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  distDir: string;
  firebaseProjectId: string;
  authEmulatorHost: string | undefined;
  stripeSecretKey: string | undefined;
  stripePublishableKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  isProduction: boolean;
  /** How many reverse proxies in front of us append to X-Forwarded-For (0: the socket's peer is the client). */
  trustProxyHops: number;
  /** Load the plate-reading models at start (default); PLATE_WARMUP=off skips it for tools that restart the server often and read no plates (npm run chaos). */
  plateWarmUp: boolean;
  /** The loopback port of GET /metrics (METRICS_PORT, default 9464); undefined: METRICS_PORT=off. */
  metricsPort: number | undefined;
  /** LOG_LEVEL; unset: info (warn under vitest). */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent' | undefined;
  /** LOG_FORMAT; unset: JSON lines in production, readable lines otherwise. */
  logFormat: 'json' | 'pretty';
  /** Origin of links in mail, robots.txt and the sitemap; unset = the loopback default. */
  publicOrigin: string | undefined;
  /** Where claim photos are kept: DATA_DIR/objects, or an S3-compatible bucket when OBJECT_STORE_S3_ENDPOINT is set. */
  objectStore: { kind: 'disk' } | { kind: 's3'; endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
  /** Where /promoredirect/{qrCode} sends a signed-in customer (spec 2 §2 promo-redirect), with qrCode and lookupid added. */
  promotionsUrl: string;
};

function objectStoreFrom(e: v.InferOutput<typeof envSchema>): Config['objectStore'] {
  if (!e.OBJECT_STORE_S3_ENDPOINT) return { kind: 'disk' };
  if (!e.OBJECT_STORE_S3_BUCKET || !e.AWS_ACCESS_KEY_ID || !e.AWS_SECRET_ACCESS_KEY) {
    throw new Error('Invalid configuration:\n  OBJECT_STORE_S3_ENDPOINT needs OBJECT_STORE_S3_BUCKET, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  }
  return { kind: 's3', endpoint: e.OBJECT_STORE_S3_ENDPOINT, bucket: e.OBJECT_STORE_S3_BUCKET, region: e.OBJECT_STORE_S3_REGION, accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY };
}

export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = v.safeParse(envSchema, env);
  if (!result.success) {
    const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? 'env'}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = result.output;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    distDir: path.resolve(e.DIST_DIR),
    firebaseProjectId: e.FIREBASE_PROJECT_ID,
    authEmulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    isProduction: e.NODE_ENV === 'production',
    trustProxyHops: e.TRUST_PROXY,
    plateWarmUp: e.PLATE_WARMUP !== 'off',
    metricsPort: e.METRICS_PORT === 'off' ? undefined : e.METRICS_PORT,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'production' ? 'json' : 'pretty'),
    publicOrigin: e.PUBLIC_ORIGIN,
    objectStore: objectStoreFrom(e),
    promotionsUrl: e.PROMOTIONS_URL,
  };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
const hostNameOf = (hostAndPort: string) => (hostAndPort.startsWith('[') ? hostAndPort.slice(0, hostAndPort.indexOf(']') + 1) : hostAndPort.split(':')[0] ?? '');

/**
 * Why this configuration must not serve anyone, as the one line `npm start` prints before it
 * refuses to start. The Auth emulator signs nothing (any process that reaches it or the server
 * can act as any user), so it runs only on a loopback host, with the server on loopback too, and
 * never in production. Production builds links from PUBLIC_ORIGIN: without it they would name
 * 127.0.0.1, and the Host header is the caller's choice.
 */
export function unsafeStartReason(config: Config): string | undefined {
  if (config.authEmulatorHost !== undefined) {
    if (config.isProduction) return 'Refusing to start: the Firebase Auth emulator (FIREBASE_AUTH_EMULATOR_HOST) is never used with NODE_ENV=production.';
    if (!LOOPBACK_HOSTS.has(hostNameOf(config.authEmulatorHost))) return `Refusing to start: the Firebase Auth emulator must be on a loopback host, not ${config.authEmulatorHost}.`;
    if (!LOOPBACK_HOSTS.has(config.host)) return `Refusing to start: with the Firebase Auth emulator the server listens only on loopback (HOST=127.0.0.1), not ${config.host}.`;
  }
  if (config.isProduction && !config.publicOrigin) return 'Refusing to start: NODE_ENV=production needs PUBLIC_ORIGIN (the origin of links in emails, e.g. https://parkfair.example).';
  return undefined;
}

/** The origin of absolute links we write (emails, robots.txt, sitemap): never the request's Host header. */
export function linkOriginFor(config: Pick<Config, 'publicOrigin' | 'port'>): string {
  return config.publicOrigin ?? `http://127.0.0.1:${config.port}`;
}
