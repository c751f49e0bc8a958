/**
 * GET /search/api/addresses/autocomplete?input= : US address suggestions for the street fields of
 * the claim, monthly registration and transition forms, from the product's own gazetteer
 * (gazetteer.ts; coverage in docs/decisions/0114). Public, as those forms are reachable signed out
 * (claims); rate-limited per client like the other anonymous lookups, since each call reads the
 * gazetteer for whoever asks. Input is validated (400 with a message); no match is an empty list.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { ADDRESS_INPUT_MAX_LENGTH, type AddressSuggestions } from '../../src/contract/addresses.ts';
import type { Deps } from '../deps.ts';
import { rateLimit } from '../lib/rate-limit.ts';
import { validate } from '../lib/validate.ts';
import { addressGazetteer } from './gazetteer.ts';

/** A driver types an address in one or two bursts of a few debounced lookups; 120 a minute is many forms. */
export const ADDRESS_LOOKUP_LIMIT = { bucket: 'address-lookup', limit: 120, windowSeconds: 60, message: 'Too many address lookups. Please wait a minute and try again.' };

/** Letters, digits, spaces and the punctuation of an address ("#4B", "St. Mark's Pl, Apt 2"). */
const ADDRESS_TEXT = /^[\p{L}\p{M}0-9 .,'#&/-]*$/u;

const query = v.object({
  input: v.pipe(
    v.string('input is required'),
    v.trim(),
    v.minLength(1, 'input must not be empty'),
    v.maxLength(ADDRESS_INPUT_MAX_LENGTH, `input must be at most ${ADDRESS_INPUT_MAX_LENGTH} characters`),
    v.regex(ADDRESS_TEXT, 'input may hold only letters, digits, spaces and . , \' # & / -'),
  ),
});

/** Suggestions change only with a new gazetteer build: a browser may reuse one for a few minutes. */
const CACHE = 'public, max-age=300';

export function createAddressesApi(deps: Deps) {
  return new Hono().get('/addresses/autocomplete', rateLimit(deps, ADDRESS_LOOKUP_LIMIT), validate('query', query), (c) => {
    const answer: AddressSuggestions = { suggestions: addressGazetteer().suggest(c.req.valid('query').input) };
    return c.json(answer, 200, { 'Cache-Control': CACHE });
  });
}
