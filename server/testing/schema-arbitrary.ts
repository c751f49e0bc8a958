/**
 * fast-check inputs shaped by a valibot schema, for the fuzz suite: mostly the shape the route
 * expects (so requests get past the first check and reach handlers and SQL), with hostile values
 * mixed in at every level — NUL bytes, broken `%` escapes, numbers beyond int4, impossible dates,
 * huge and odd text, wrong types. Reads only the schema's public fields (`type`, `entries`,
 * `wrapped`, `options`, `item`, `pipe`), so it follows the contracts as they change.
 */
import fc from 'fast-check';
import type * as v from 'valibot';

type AnySchema = v.GenericSchema & {
  entries?: Record<string, AnySchema>;
  wrapped?: AnySchema;
  options?: readonly unknown[];
  item?: AnySchema;
  literal?: unknown;
  pipe?: readonly { type: string; requirement?: unknown }[];
};

/** Text that has broken servers: PostgreSQL's NUL, escapes, dates that do not exist, numbers that do not fit. */
export const hostileText = fc.constantFrom(
  '', ' ', '\u0000', 'a\u0000b', '%', '%E0%A4%A', '%zz', '%00', '%2e%2e%2f', '../../etc/passwd', '\\', '"', "'; drop table vehicles; --",
  '2026-02-30', '2026-02-30T10:00:00.000Z', '0000-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z', '2026-13-01T00:00:00Z', '275760-09-13T00:00:00.000Z',
  '99999999999999999999', '1e20', '-1', '0', '2147483648', 'NaN', 'Infinity', 'null', 'true', '[]', '{}',
  '\uD800', '\uFFFF', '🚗🅿️', 'ＮＹＣ４８２１', 'x'.repeat(5000), '<script>alert(1)</script>',
);

export const hostileNumber = fc.constantFrom(0, -1, 1.5, 1e20, -1e20, 2_147_483_648, 2_147_483_647, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 1e308, 5e-324);

/** A JSON value of any shape, for "wrong type" substitutions. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileText,
  fc.constant([]),
  fc.constant({}),
  fc.array(hostileText, { maxLength: 3 }),
);

function patternOf(schema: AnySchema): RegExp | undefined {
  const action = schema.pipe?.find((step) => step.type === 'regex');
  return action?.requirement instanceof RegExp ? action.requirement : undefined;
}

function stringFor(schema: AnySchema): fc.Arbitrary<string> {
  const kinds = new Set(schema.pipe?.map((step) => step.type));
  if (kinds.has('iso_timestamp')) return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((date) => date.toISOString());
  if (kinds.has('iso_date')) return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  if (kinds.has('email')) return fc.emailAddress();
  const pattern = patternOf(schema);
  if (pattern) {
    try {
      return fc.stringMatching(new RegExp(pattern.source, pattern.flags.replace('u', '')));
    } catch {
      // A pattern fast-check cannot invert: plain text then.
    }
  }
  return fc.string({ maxLength: 40 });
}

/** An arbitrary for values of `schema`, with hostile substitutes about a fifth of the time at each level. */
export function arbitraryFor(schema: v.GenericSchema, depth = 0): fc.Arbitrary<unknown> {
  const s = schema as AnySchema;
  const hostile = s.type === 'number' ? fc.oneof(hostileNumber, wrongType) : s.type === 'string' ? fc.oneof(hostileText, wrongType) : wrongType;
  const shaped = shapedFor(s, depth);
  return fc.oneof({ arbitrary: shaped, weight: 4 }, { arbitrary: hostile, weight: 1 });
}

function shapedFor(s: AnySchema, depth: number): fc.Arbitrary<unknown> {
  if (depth > 4) return wrongType;
  switch (s.type) {
    case 'object':
    case 'loose_object':
    case 'strict_object': {
      const entries = Object.entries(s.entries ?? {}).map(([key, entry]) => [key, arbitraryFor(entry, depth + 1)] as const);
      return fc.record(Object.fromEntries(entries), { requiredKeys: [] });
    }
    case 'optional':
    case 'nullish':
    case 'nullable':
    case 'exact_optional':
    case 'undefinedable':
      return fc.oneof(arbitraryFor(s.wrapped as AnySchema, depth + 1), fc.constant(null), fc.constant(undefined));
    case 'array':
      return fc.array(arbitraryFor(s.item as AnySchema, depth + 1), { maxLength: 4 });
    case 'union':
    case 'variant':
      return fc.oneof(...(s.options as AnySchema[]).map((option) => arbitraryFor(option, depth + 1)));
    case 'picklist':
    case 'enum':
      return fc.constantFrom(...((s.options as unknown[]).length > 0 ? (s.options as unknown[]) : ['']));
    case 'literal':
      return fc.constant(s.literal);
    case 'string':
      return stringFor(s);
    case 'number':
      return fc.oneof(fc.integer({ min: 0, max: 60 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    default:
      return wrongType;
  }
}
