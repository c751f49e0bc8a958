/**
 * GET /search/api/addresses/autocomplete through the real app: real addresses of the gazetteer fill
 * street, city, state and ZIP; typed abbreviations and units; hostile input is a 400 naming
 * `input`, never a 500; the per-client limit answers 429 past its quota.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_AUTOCOMPLETE_PATH, ADDRESS_SUGGESTIONS_MAX, addressSuggestionsSchema } from '../../src/contract/addresses.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { addressGazetteer, cityOfZip } from './gazetteer.ts';
import { ADDRESS_LOOKUP_LIMIT } from './routes.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

let clients = 0;
/** Each test its own client address, so the lookups of one never count against another's limit. */
const client = () => ({ 'X-Forwarded-For': `198.51.100.${++clients}` });
const lookup = (input: string, headers = client()) => t.request(`${ADDRESS_AUTOCOMPLETE_PATH}?input=${encodeURIComponent(input)}`, { headers });
async function suggestions(input: string) {
  const response = await lookup(input);
  expect(response.status, input).toBe(200);
  return v.parse(addressSuggestionsSchema, await response.json()).suggestions;
}
const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

describe('address suggestions', () => {
  it('fills the four fields of a real address, however the street is abbreviated', async () => {
    const expected = { kind: 'address', street: '350 5th Avenue', city: 'New York', state: 'NY', zipCode: '10118', country: 'United States' };
    for (const typed of ['350 5th Avenue', '350 5th av', '350 Fifth Ave', '350 5TH AVE.']) {
      const [first] = await suggestions(typed);
      expect(first, typed).toMatchObject(expected);
      expect(first?.label).toBe('350 5th Avenue, New York, NY 10118');
    }
    expect((await suggestions('1 W 42nd St'))[0]).toMatchObject({ street: '1 West 42nd Street', city: 'New York', state: 'NY', zipCode: '10036' });
    expect((await suggestions('100 St Marks Pl'))[0]).toMatchObject({ street: '100 Saint Marks Place', zipCode: '10009' });
  });

  it('names Brooklyn addresses with their own city', async () => {
    const found = await suggestions('Water St');
    expect(found.map((s) => `${s.city}, ${s.state}`)).toEqual(expect.arrayContaining(['Brooklyn, NY', 'New York, NY']));
    expect(found.every((s) => s.kind === 'street' && s.street === 'Water Street')).toBe(true);
  });

  it('keeps a typed unit on the street line', async () => {
    const [first] = await suggestions('350 5th Ave Apt 4B');
    expect(first).toMatchObject({ street: '350 5th Avenue Apt 4B', zipCode: '10118' });
  });

  it('answers at most the stated number, each with a ZIP the forms accept and a state of the service area', async () => {
    for (const typed of ['1 broadway', 'broadway', '2 w', 'east']) {
      const found = await suggestions(typed);
      expect(found.length, typed).toBeLessThanOrEqual(ADDRESS_SUGGESTIONS_MAX);
      for (const s of found) {
        expect(s.state).toMatch(/^(NY|NJ)$/);
        if (s.kind === 'address') expect(s.zipCode).toMatch(/^\d{5}(-\d{4})?$/);
        if (s.zipCode) expect(cityOfZip(s.zipCode)?.city).toBe(s.city);
      }
    }
  });

  it('answers an empty list for an address it does not hold', async () => {
    expect(await suggestions('99999 Nowhere Boulevard')).toEqual([]);
    expect(await suggestions('Zz')).toEqual([]);
  });

  it('holds the extract it says it does', () => {
    const gazetteer = addressGazetteer();
    expect(gazetteer.addressCount).toBeGreaterThan(20_000);
    expect(gazetteer.zipCount).toBeGreaterThan(50);
  });
});

describe('hostile input', () => {
  it.each([
    ['missing', ADDRESS_AUTOCOMPLETE_PATH],
    ['empty', `${ADDRESS_AUTOCOMPLETE_PATH}?input=`],
    ['blank', `${ADDRESS_AUTOCOMPLETE_PATH}?input=%20%20%20`],
    ['too long', `${ADDRESS_AUTOCOMPLETE_PATH}?input=${'1'.repeat(101)}`],
    ['NUL', `${ADDRESS_AUTOCOMPLETE_PATH}?input=350%005th`],
    ['SQL', `${ADDRESS_AUTOCOMPLETE_PATH}?input=${encodeURIComponent("1' OR 1=1; --")}`],
    ['markup', `${ADDRESS_AUTOCOMPLETE_PATH}?input=${encodeURIComponent('<script>alert(1)</script>')}`],
    ['regex', `${ADDRESS_AUTOCOMPLETE_PATH}?input=${encodeURIComponent('(a+)+$')}`],
    ['control', `${ADDRESS_AUTOCOMPLETE_PATH}?input=350%0A5th`],
    ['broken escape', `${ADDRESS_AUTOCOMPLETE_PATH}?input=%E0%A4%A`],
    ['repeated', `${ADDRESS_AUTOCOMPLETE_PATH}?input=a&input=b`],
  ])('%s → 400 naming input', async (_name, path) => {
    const response = await t.request(path, { headers: client() });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toMatch(/input/);
  });
});

describe('rate limit', () => {
  it(`answers 429 with Retry-After after ${ADDRESS_LOOKUP_LIMIT.limit} lookups a minute from one client`, { timeout: 120_000 }, async () => {
    const headers = client();
    for (let i = 0; i < ADDRESS_LOOKUP_LIMIT.limit; i += 1) expect((await lookup('350 5th', headers)).status).toBe(200);
    const refused = await lookup('350 5th', headers);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await messageOf(refused)).toBe(ADDRESS_LOOKUP_LIMIT.message);
    // Another client is not affected.
    expect((await lookup('350 5th')).status).toBe(200);
  });
});
