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
import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router';

const looksLikeJson = (text: string): boolean => /^["[{]/.test(text);

/** Reads a query value that is a JSON string, array or object; throws for anything else (kept as text). */
function parseJsonValue(text: string): unknown {
  if (!looksLikeJson(text)) throw new SyntaxError('not JSON-quoted');
  return JSON.parse(text) as unknown;
}

/** Succeeds (so the value gets JSON-quoted) only for strings that plain would read back differently. */
function needsQuoting(text: string): unknown {
  if (text === 'true' || text === 'false') return text;
  return parseJsonValue(text);
}

export const parseSearch = parseSearchWith(parseJsonValue);
export const stringifySearch = stringifySearchWith(JSON.stringify, needsQuoting);
