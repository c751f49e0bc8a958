/**
 * How the router writes and reads query strings. TanStack Router's default JSON-quotes any string
 * that would parse as JSON, so `search: { location: '1044' }` became `?location=%221044%22` — an
 * ugly URL for a lot code printed on a sign or bookmarked. Here plain strings stay plain
 * (`?location=1044`); only values that would otherwise come back as something else are quoted:
 * objects and arrays, the strings "true"/"false", and strings that already look like JSON.
 *
 * Reading: the router's decoder turns canonical numbers ("1044", not "007" or a 23-digit ticket
 * number, which stay strings) and true/false into numbers and booleans; after that only quoted
 * values, objects and arrays are JSON-parsed. So the old quoted form (`?location=%221044%22`) still
 * reads as the string "1044", and a schema that wants text must accept a number too
 * (`v.union([v.string(), v.number()])` + `v.transform(String)`): String(number) gives back exactly
 * what was written, because only canonical numbers are decoded as numbers.
 */
import { parseSearchWith } from '@tanstack/react-router';

const looksLikeJson = (text: string): boolean => /^["[{]/.test(text);

/**
 * Reads a query value: JSON-parsed when it is a JSON string, array or object, else the text itself.
 * (parseSearchWith keeps the text when this throws: only text that starts like JSON and is not.)
 * Plain text must not throw: every router location parse reads each value, and an Error with its
 * stack for each was ~3 ms at 1x of the search page's start on a phone.
 */
function parseJsonValue(text: string): unknown {
  return looksLikeJson(text) ? (JSON.parse(text) as unknown) : text;
}

/** JSON-quoted only where plain text would read back as something else: "true", "false", text that starts like JSON. */
function needsQuoting(text: string): boolean {
  return text === 'true' || text === 'false' || looksLikeJson(text);
}

function stringifyValue(value: unknown): string {
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  if (typeof value === 'string') return needsQuoting(value) ? JSON.stringify(value) : value;
  return String(value);
}

export const parseSearch = parseSearchWith(parseJsonValue);

/**
 * The router's query-string writer (as TanStack's stringifySearchWith, whose parser must throw for
 * every plain string: the same cost as above on every link and navigation). Undefined values are left out.
 */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (value !== undefined) params.set(key, stringifyValue(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
