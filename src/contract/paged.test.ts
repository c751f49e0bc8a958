import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { INT4_MAX, isoDateSchema, isoDateTimeSchema, isRealCalendarDate, recordIdSchema } from './paged.ts';

describe('dates the database can store', () => {
  it('accepts days that exist and refuses the ones JavaScript would roll over or PostgreSQL refuses', () => {
    expect(isRealCalendarDate('2026-02-28')).toBe(true);
    expect(isRealCalendarDate('2028-02-29T10:00:00Z')).toBe(true);
    for (const text of ['2026-02-30', '2026-02-29', '2026-04-31', '0000-01-01', '1899-12-31', '3000-01-01', '275760-09-13', 'soon']) expect(isRealCalendarDate(text), text).toBe(false);
  });
  it('is part of the shared ISO schemas', () => {
    expect(v.safeParse(isoDateTimeSchema, '2026-11-23T19:00:00.000Z').success).toBe(true);
    expect(v.safeParse(isoDateTimeSchema, '2026-02-30T19:00:00.000Z').success).toBe(false);
    expect(v.safeParse(isoDateTimeSchema, '0000-01-01T00:00:00.000Z').success).toBe(false);
    expect(v.safeParse(isoDateSchema, '2026-02-30').success).toBe(false);
  });
});

describe('recordIdSchema', () => {
  it('takes positive whole numbers up to the int4 maximum', () => {
    const schema = recordIdSchema('vehicleId');
    expect(v.safeParse(schema, INT4_MAX).success).toBe(true);
    const tooBig = v.safeParse(schema, INT4_MAX + 1);
    expect(tooBig.success).toBe(false);
    expect(tooBig.issues?.[0]?.message).toBe('vehicleId is not a known id');
    for (const value of [0, -1, 1.5, 1e20, '1']) expect(v.safeParse(schema, value).success, String(value)).toBe(false);
  });
});
