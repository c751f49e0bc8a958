/**
 * Server configuration, parsed once at start from the environment.
 * Every variable has a development default so `npm start` works on a fresh machine;
 * secrets (Stripe keys, SMTP password, Firebase service account) come only from the environment.
 */
import path from 'node:path';
import * as v from 'valibot';

const portSchema = v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(65535));

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
};

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
  };
}
