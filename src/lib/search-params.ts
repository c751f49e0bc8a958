/**
 * Readers for the routes' `validateSearch` and `params.parse`. A route's options travel in the
 * entry chunk, on every first screen, so they read the query with these few lines instead of
 * valibot (~6 KB gzip there; README "Keep code off the first screen"). Each reader takes the value
 * the router parsed and returns it, or undefined: a bad value is "not given", as
 * `v.fallback(v.optional(…), undefined)` would make it (STYLE.md habit 4). The router reads an
 * all-digit value back as a number (README "Clean query strings"), so text readers take numbers.
 */

/** Text, or an all-digit value the router read as a number, as the same text. */
export function textParam(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return typeof value === 'number' && !Number.isNaN(value) ? String(value) : undefined;
}

/** Text only (a redirect path, an action code): a number is not one. */
export function stringParam(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Text (or digits) that matches `pattern` whole, after `normalize` (e.g. trim and upper-case). */
export function matchingTextParam(value: unknown, pattern: RegExp, normalize: (text: string) => string = (text) => text): string | undefined {
  const text = textParam(value);
  if (text === undefined) return undefined;
  const normalized = normalize(text);
  return pattern.test(normalized) ? normalized : undefined;
}

/** One of the listed values exactly. */
export function oneOfParam<const T extends string | number>(value: unknown, options: readonly T[]): T | undefined {
  return options.find((option) => option === value);
}

/** A flag as the router reads it: `?auto=true` is `true`, `?expired` alone is text; what it means is the page's call. */
export function flagParam(value: unknown): boolean | string | undefined {
  return typeof value === 'boolean' || typeof value === 'string' ? value : undefined;
}

/** A record id: a whole number ≥ 1, written as digits or read as a number. */
export function positiveIntegerParam(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : undefined;
}

/** `?locationId=3`: the garage a reservation page starts at (its location page's Reserve links); anything else is dropped. */
export const parseLocationIdSearch = (search: Record<string, unknown>): { locationId?: number } => ({ locationId: positiveIntegerParam(search['locationId']) });
