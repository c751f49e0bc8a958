/**
 * valibot at the boundary: `validate('json', schema)` (or 'param', 'query') answers 400 with
 * `{ message }` when the input does not match, and hands the handler typed output
 * through `c.req.valid(target)`.
 * Before any schema, text with a NUL character (U+0000) anywhere in the input is refused:
 * PostgreSQL cannot store it in text, so it would otherwise fail as a 500 at the database.
 */
import type { ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';

export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .map((issue) => {
      const where = v.getDotPath(issue);
      return where ? `${where}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

export const NUL_MESSAGE = 'must not contain a NUL character (\\u0000)';

/** The dot path of the first string (value or key) holding U+0000, '' for the input itself; undefined when there is none. */
export function findNulText(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const where = path ? `${path}.${key}` : key;
    if (key.includes('\0')) return where;
    const found = findNulText(item, where);
    if (found !== undefined) return found;
  }
  return undefined;
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
    return result.output as v.InferOutput<Schema>;
  });
  // Tagged so the fuzz suite can read each route's schemas off Hono's route table.
  return Object.assign(middleware, { [VALIDATES]: { target, schema } as ValidatedInput });
}

export const VALIDATES = Symbol('validates');
export type ValidatedInput = { target: keyof ValidationTargets; schema: v.GenericSchema };

/** Route ids are positive integers; anything else is a 400, not a 404 or a 500. */
export const idParam = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'must be a positive whole number'), v.transform(Number)),
});
