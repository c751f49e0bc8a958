import { describe, expect, it } from 'vitest';
import { parseClaimsSearch } from './search-params';

describe('the claims list search in the URL', () => {
  it('leaves the first page out, so /staff stays /staff when the router writes the search back', () => {
    expect(parseClaimsSearch({}).page).toBeUndefined();
    expect(parseClaimsSearch({ page: 0 }).page).toBeUndefined();
  });

  it('keeps a later page, and reads a broken one as the first', () => {
    expect(parseClaimsSearch({ page: 3 }).page).toBe(3);
    for (const page of [-1, 1.5, '2', null]) expect(parseClaimsSearch({ page }).page).toBeUndefined();
  });

  it('keeps the filters it knows and drops the rest', () => {
    expect(parseClaimsSearch({ status: 'in-review', q: 'NY 123', from: '2026-11-01', to: 'soon', other: 'x' })).toEqual({
      status: 'in-review', q: 'NY 123', locationNumber: undefined, from: '2026-11-01', to: undefined, page: undefined,
    });
  });
});
