import { describe, expect, it } from 'vitest';
import { formatLocalEntry, instantOfNewYorkLocal, paidExitBy } from './saved-copy';

const at = (iso: string) => Date.parse(iso);

describe('a paid ticket', () => {
  const paid = { status: 'paid' as const, amountPaid: 38, amountDue: 0, exitByUtc: '2026-11-26T04:59:00Z' };

  it('may leave until its exit time, on the device clock', () => {
    expect(paidExitBy(paid, at('2026-11-26T04:00:00Z'))).toBe(at('2026-11-26T04:59:00Z'));
    expect(paidExitBy(paid, at('2026-11-26T04:59:00Z'))).toBe(at('2026-11-26T04:59:00Z'));
    expect(paidExitBy(paid, at('2026-11-26T04:59:01Z'))).toBeUndefined();
  });

  it('is not "paid" once charges grow, before paying, or in a copy saved without the exit time', () => {
    expect(paidExitBy({ ...paid, amountDue: 4.5 }, at('2026-11-26T04:00:00Z'))).toBeUndefined();
    expect(paidExitBy({ ...paid, amountPaid: 0, status: 'open' }, at('2026-11-26T04:00:00Z'))).toBeUndefined();
    expect(paidExitBy({ ...paid, exitByUtc: undefined }, at('2026-11-26T04:00:00Z'))).toBeUndefined();
  });
});

describe('the entry time of a saved pass', () => {
  it('reads New York wall time in winter and summer', () => {
    expect(instantOfNewYorkLocal('2026-11-25T10:33:29')).toBe(at('2026-11-25T15:33:29Z'));
    expect(instantOfNewYorkLocal('2026-07-04T10:33:00')).toBe(at('2026-07-04T14:33:00Z'));
    expect(instantOfNewYorkLocal('not a time')).toBeUndefined();
  });

  it('is formatted, never raw ISO', () => {
    expect(formatLocalEntry('2026-11-25T10:33:29')).toBe('Wed, Nov 25, 2026 · 10:33 AM');
  });
});
