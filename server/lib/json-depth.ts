/**
 * Bounds on JSON input that no schema states, checked for every route (issue 37 item 7):
 * - nesting: a body nested deeper than MAX_JSON_DEPTH arrays/objects is a 400 before any schema
 *   or walker sees it. `[` × 8,000 had overflowed the stack of the recursive NUL check (46 routes
 *   answered 500); no request of ours nests deeper than 5.
 * - ids: a number under an id-named key (`id`, `…Id`, `…ID`, `…Ids`) must be a whole number the
 *   database's integer (int4) columns can hold; 2147483648 as a claim's `locationID` had reached
 *   PostgreSQL and failed there as a 500. Every id column is int4 (server/db/migrations), so the
 *   rule holds for a route added tomorrow whose schema forgets `maxValue`.
 * Both walks are iterative: they are the guard, so they must not overflow themselves.
 */
import type { Context } from 'hono';
import { HttpError } from './http-error.ts';

export const MAX_JSON_DEPTH = 32;
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

export const TOO_DEEP_MESSAGE = `nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`;
export const ID_RANGE_MESSAGE = `must be a whole number no larger than ${INT4_MAX}`;

/** Whether `value` holds arrays/objects more than `maxDepth` levels deep (a scalar is depth 0, `[]` depth 1). */
export function isNestedDeeperThan(value: unknown, maxDepth: number = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Object.values(item)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

const ID_KEY = /^(id|.*(Id|ID))$/;
const ID_LIST_KEY = /(Ids|IDs)$/;

const isStorableId = (value: number) => Number.isInteger(value) && value >= INT4_MIN && value <= INT4_MAX;

/**
 * The dot path of the first number under an id-named key (or in an id list) that no int4 column
 * can hold, or undefined. Strings are left alone: some ids are text (ticket keys, rate instances).
 */
export function findUnstorableId(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [item, path] = stack.pop() as [unknown, string];
    if (typeof item !== 'object' || item === null) continue;
    const isList = Array.isArray(item);
    for (const [key, child] of Object.entries(item)) {
      const where = path ? `${path}.${key}` : key;
      if (typeof child === 'number' && !isList && ID_KEY.test(key) && !isStorableId(child)) return where;
      if (Array.isArray(child) && ID_LIST_KEY.test(key)) {
        const index = child.findIndex((entry) => typeof entry === 'number' && !isStorableId(entry));
        if (index >= 0) return `${where}.${index}`;
      }
      if (typeof child === 'object' && child !== null) stack.push([child, where]);
    }
  }
  return undefined;
}

/** Why `value` (parsed input of `what`) breaks a bound, as the `{ message }` of a 400; undefined when it keeps them. */
export function boundsProblem(value: unknown, what: string): string | undefined {
  if (isNestedDeeperThan(value)) return `Invalid ${what}: ${TOO_DEEP_MESSAGE}`;
  const idAt = findUnstorableId(value);
  if (idAt !== undefined) return `Invalid ${what}: ${idAt}: ${ID_RANGE_MESSAGE}`;
  return undefined;
}

/** Thrown by a guarded `c.req.json()`: a 400 with the bound's message (server/lib/http-error.ts answers it). */
export class JsonBoundsError extends HttpError {
  constructor(message: string) {
    super(400, message);
    this.name = 'JsonBoundsError';
  }
}

const GUARDED = Symbol('json-bounds-guarded');

/** Whether guardJsonBodies() checks this request's `c.req.json()`. */
export const isJsonGuarded = (c: Context): boolean => (c.req as { [GUARDED]?: true })[GUARDED] === true;

/**
 * Makes this request's `c.req.json()` check the bounds before handing the value out, so every
 * parser of a JSON body — validate(), or a route reading `c.req.json()` itself — gets the 400.
 * Lazy: nothing is read unless someone parses the body, and then after any route's own body limit.
 */
export function guardJsonBodies(c: Context): void {
  const req = c.req as typeof c.req & { [GUARDED]?: true };
  if (req[GUARDED]) return;
  req[GUARDED] = true;
  const parse = req.json.bind(req);
  // Hono caches the parsed body, so validate()'s look and the validator's get the same object: walked once.
  let checked: unknown = GUARDED;
  req.json = async <T>() => {
    const value = await parse<T>();
    if (value === checked) return value;
    const problem = boundsProblem(value, 'request body');
    if (problem) throw new JsonBoundsError(problem);
    checked = value;
    return value;
  };
}
