import { describe, expect, it } from 'vitest';
import { flagParam, matchingTextParam, oneOfParam, positiveIntegerParam, stringParam, textParam } from './search-params';

describe('query readers', () => {
  it('keep text and turn digits the router read as a number back into text', () => {
    expect(textParam('1044')).toBe('1044');
    expect(textParam(1044)).toBe('1044');
    expect(textParam(Number.NaN)).toBeUndefined();
    expect(textParam({ a: 1 })).toBeUndefined();
    expect(stringParam(1044)).toBeUndefined();
  });

  it('check a whole value against its pattern after normalising it', () => {
    expect(matchingTextParam(' sh-1234 ', /^[A-Z0-9-]{4,24}$/, (text) => text.trim().toUpperCase())).toBe('SH-1234');
    expect(matchingTextParam('2026-11-23x', /^\d{4}-\d{2}-\d{2}$/)).toBeUndefined();
  });

  it('accept only listed values, flags and record ids', () => {
    expect(oneOfParam('phone', ['email', 'phone'])).toBe('phone');
    expect(oneOfParam('1', [1])).toBeUndefined();
    expect(flagParam(true)).toBe(true);
    expect(flagParam(1)).toBeUndefined();
    expect([positiveIntegerParam('3'), positiveIntegerParam(3), positiveIntegerParam('0'), positiveIntegerParam('2.5'), positiveIntegerParam(true)]).toEqual([3, 3, undefined, undefined, undefined]);
  });
});
