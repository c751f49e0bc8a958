/**
 * valibot at the boundary: `validate('json', schema)` (or 'param', 'query') answers 400 with
 * `{ message, issues }` when the input does not match, and hands the handler typed output
 * through `c.req.valid(target)`.
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

export function validate<Target extends keyof ValidationTargets, Schema extends v.GenericSchema>(
  target: Target,
  schema: Schema,
) {
  return validator(target, (value, c) => {
    const result = v.safeParse(schema, value);
    if (!result.success) {
      return c.json({ message: `Invalid ${target === 'json' ? 'request body' : target}: ${describeIssues(result.issues)}` }, 400);
    }
    return result.output as v.InferOutput<Schema>;
  });
}

/** Route ids are positive integers; anything else is a 400, not a 404 or a 500. */
export const idParam = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'must be a positive whole number'), v.transform(Number)),
});
