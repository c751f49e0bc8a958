/**
 * The server's one logger (pino: JSON lines, fast, asynchronous-safe, redaction built in; decision
 * 0116). Every line carries the request id, the customer's uid or the background job's id of the
 * code that logs it (server/lib/request-context.ts), and never a token, card number, phone number,
 * email or plate in the clear: known fields are redacted by path, and every string (the message,
 * fields, an error's message and stack) is masked by pattern on its way out (maskSensitive).
 * Production writes JSON to stdout for the log shipper; development prints it readable
 * (pino-pretty). Tests swap the destination to read what was written (setLogDestination).
 */
import { pino, stdSerializers, type DestinationStream, type Level, type LevelWithSilent } from 'pino';
import pretty from 'pino-pretty';
import { currentContext } from './request-context.ts';

/** Written as `[plate]`, `[card]`… so a reader sees that something was there, and what kind. */
const MASKS: readonly [RegExp, string][] = [
  // Firebase ID tokens and other JWTs; a bearer credential of any shape.
  [/\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g, '[token]'],
  [/\b(Bearer|Basic)\s+\S+/gi, '$1 [token]'],
  // Stripe client secrets and keys (pi_…_secret_…, sk_live_…, whsec_…).
  [/\b\w+_secret_\w+/g, '[token]'],
  [/\b(sk|rk|pk)_(live|test)_\w+/g, '[token]'],
  [/\bwhsec_\w+/g, '[token]'],
  [/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[email]'],
  // 13 to 19 digits, maybe grouped by spaces or dashes: a card number (or something we cannot tell from one).
  [/(?<![\w.])\d(?:[ -]?\d){12,18}(?![\w.])/g, '[card]'],
  // Phone numbers: +1 212 555 0123, (212) 555-0123, 212-555-0123, 2125550123.
  [/\+\d[\d ().-]{6,18}\d/g, '[phone]'],
  [/(?<![\w.])\(?\d{3}\)?[ .-]?\d{3}[ .-]?\d{4}(?![\w.])/g, '[phone]'],
];

/**
 * Plates as the app writes them: 2 to 8 capitals and digits with at least one of each (ALC100,
 * NYC-4821, 7ABC123). Codes of the same shape (an HTTP2 or a ticket code) are masked too: a false
 * [plate] costs nothing, a true plate in the clear is what must not happen.
 */
const PLATE_LIKE = /(?<![\w.-])[A-Z0-9]{1,8}(?:-[A-Z0-9]{1,5})?(?![\w.-])/g;
const looksLikePlate = (word: string) => {
  const characters = word.replace('-', '');
  return characters.length >= 2 && characters.length <= 8 && /[A-Z]/.test(characters) && /\d/.test(characters);
};

export function maskSensitive(text: string): string {
  let masked = text;
  for (const [pattern, replacement] of MASKS) masked = masked.replace(pattern, replacement);
  return masked.replace(PLATE_LIKE, (word) => (looksLikePlate(word) ? '[plate]' : word));
}

/** Fields that are a secret or personal whatever their value looks like. */
const SENSITIVE_KEYS = [
  'authorization', 'cookie', 'token', 'idToken', 'refreshToken', 'password', 'apiKey', 'clientSecret',
  'number', 'cardNumber', 'cvc', 'email', 'phone', 'phoneNumber', 'plate', 'licensePlate', 'license_plate',
];
const REDACT_PATHS = SENSITIVE_KEYS.flatMap((key) => [key, `*.${key}`]);
/** Ours, bounded and safe: a request id may look like a plate (caller's choice), but is kept as given. */
const UNMASKED_KEYS = new Set(['reqId', 'jobId', 'job', 'uid', 'route', 'method', 'level', 'time']);

function maskValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return maskSensitive(value);
  if (depth > 4 || value === null || typeof value !== 'object' || value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((item) => maskValue(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskValue(item, depth + 1)]));
}

function maskFields(fields: Record<string, unknown>): Record<string, unknown> {
  const masked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) masked[key] = UNMASKED_KEYS.has(key) ? value : maskValue(value, 0);
  return masked;
}

/** An error as pino writes it (type, message, stack, cause), masked: a database error quotes the row. */
function maskedError(error: unknown) {
  if (!(error instanceof Error)) return maskValue(error, 0);
  const serialized = stdSerializers.err(error) as unknown as Record<string, unknown>;
  return maskValue(serialized, 0);
}

/** Where lines go; swapped by configureLogging (pretty or JSON) and by tests (a capture). */
const isProductionEnv = process.env['NODE_ENV'] === 'production';
let destination: DestinationStream = outputFor(isProductionEnv);
const sink: DestinationStream = { write: (line: string) => destination.write(line) };

export const log = pino(
  {
    // Under vitest only warnings and errors reach the terminal (a request line each would drown the report).
    level: process.env['LOG_LEVEL'] ?? (process.env['VITEST'] ? 'warn' : 'info'),
    base: undefined, // no pid/hostname on every line: the shipper adds the host, the pid says little
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }), log: maskFields },
    serializers: { err: maskedError, error: maskedError },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    mixin: () => {
      const context = currentContext();
      if (!context) return {};
      const { requestId, uid, job, jobId } = context;
      return { ...(requestId ? { reqId: requestId } : {}), ...(uid ? { uid } : {}), ...(job ? { job, jobId } : {}) };
    },
    hooks: {
      // The message and any printf-style arguments: masked as the fields are.
      logMethod(args, method) {
        const masked = args.map((arg) => (typeof arg === 'string' ? maskSensitive(arg) : arg));
        method.apply(this, masked as Parameters<typeof method>);
      },
    },
  },
  sink,
);

export type LoggingOptions = { logFormat: 'json' | 'pretty'; logLevel?: LevelWithSilent | undefined };

/** JSON lines on stdout (production's default, for the log shipper) or readable lines (development's). */
export function configureLogging({ logFormat, logLevel }: LoggingOptions): void {
  // A server always logs at LOG_LEVEL or info, even when started by a test run (VITEST in its environment).
  log.level = logLevel ?? 'info';
  destination = outputFor(logFormat === 'json');
}

function outputFor(json: boolean): DestinationStream {
  if (json) return pino.destination({ dest: 1, sync: true });
  return pretty({ colorize: Boolean(process.stdout.isTTY), translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true, sync: true });
}

/** Tests read what the server writes: every line goes to `stream` until the returned function is called. */
export function setLogDestination(stream: DestinationStream, level: Level = 'debug'): () => void {
  const previous = { destination, level: log.level };
  destination = stream;
  log.level = level;
  return () => {
    destination = previous.destination;
    log.level = previous.level;
  };
}

export const LOG_LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
