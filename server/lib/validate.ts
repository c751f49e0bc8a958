/**
 * valibot at the boundary: `validate('json', schema)` (or 'param', 'query') answers 400 with
 * `{ message }` when the input does not match, and hands the handler typed output
 * through `c.req.valid(target)`.
 * Before any schema, text with a NUL character (U+0000) anywhere in the input is refused:
 * PostgreSQL cannot store it in text, so it would otherwise fail as a 500 at the database.
 * Also before it, a JSON body nested too deep or with an id no int4 column holds is refused, and
 * after it an id the schema made a number is held to the same range (server/lib/json-depth.ts).
 */
import type { Context, MiddlewareHandler, ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { boundsProblem, findUnstorableId, ID_RANGE_MESSAGE, isJsonGuarded, JsonBoundsError } from './json-depth.ts';

export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .map((issue) => {
      const where = v.getDotPath(issue);
      return where ? `${where}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

export const NUL_MESSAGE = 'must not contain a NUL character (\\u0000)';

/**
 * The dot path of the first string (value or key) holding U+0000, '' for the input itself; undefined when there is none.
 * Depth first in key order, with a stack of its own: `[` × 8,000 had overflowed the call stack (a 500).
 */
export function findNulText(value: unknown, path = ''): string | undefined {
  const stack: [unknown, string, string | undefined][] = [[value, path, undefined]];
  while (stack.length > 0) {
    const [item, where, key] = stack.pop() as [unknown, string, string | undefined];
    if (key?.includes('\0')) return where;
    if (typeof item === 'string' && item.includes('\0')) return where;
    if (typeof item !== 'object' || item === null) continue;
    const entries = Object.entries(item);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [childKey, child] = entries[index] as [string, unknown];
      stack.push([child, where ? `${where}.${childKey}` : childKey, childKey]);
    }
  }
  return undefined;
}

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * The JSON body's bounds, before Hono's validator parses it (which would turn the guard's 400 into
 * "Malformed JSON"): a 400 response, or undefined. Malformed JSON is left to the validator.
 */
async function refuseOutOfBounds(c: Context): Promise<Response | undefined> {
  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim() ?? '';
  if (!JSON_MEDIA_TYPE.test(mediaType)) return undefined;
  let value: unknown;
  try {
    value = await c.req.json();
  } catch (error: unknown) {
    if (error instanceof JsonBoundsError) return c.json({ message: error.message }, 400);
    return undefined;
  }
  // Outside the app (a bare Hono in a unit test) nobody guarded c.req.json(): check here.
  const problem = isJsonGuarded(c) ? undefined : boundsProblem(value, 'request body');
  return problem ? c.json({ message: problem }, 400) : undefined;
}

export function validate<Target extends keyof ValidationTargets, Schema extends v.GenericSchema>(
  target: Target,
  schema: Schema,
) {
  const middleware = validator(target, (value, c) => {
    const what = target === 'json' ? 'request body' : target;
    const nulAt = findNulText(value);
    if (nulAt !== undefined) return c.json({ message: `Invalid ${what}: ${nulAt ? `${nulAt}: ` : ''}${NUL_MESSAGE}` }, 400);
    const result = v.safeParse(schema, value);
    if (!result.success) {
      return c.json({ message: `Invalid ${what}: ${describeIssues(result.issues)}` }, 400);
    }
    // A path or query id the schema turned into a number without a maximum stops here, not at PostgreSQL.
    const idAt = findUnstorableId(result.output);
    if (idAt !== undefined) return c.json({ message: `Invalid ${what}: ${idAt}: ${ID_RANGE_MESSAGE}` }, 400);
    return result.output as v.InferOutput<Schema>;
  });
  const checked: MiddlewareHandler = async (c, next) => {
    const refusal = target === 'json' ? await refuseOutOfBounds(c) : undefined;
    return refusal ?? ((await middleware(c, next)) as Response | undefined);
  };
  // Tagged so the fuzz suite can read each route's schemas off Hono's route table.
  return Object.assign(checked as typeof middleware, { [VALIDATES]: { target, schema } as ValidatedInput });
}

export const VALIDATES = Symbol('validates');
export type ValidatedInput = { target: keyof ValidationTargets; schema: v.GenericSchema };

/** Route ids are positive integers; anything else is a 400, not a 404 or a 500. */
export const idParam = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'must be a positive whole number'), v.transform(Number)),
});
