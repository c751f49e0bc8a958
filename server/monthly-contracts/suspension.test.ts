import { describe, expect, it } from 'vitest';
import { resumeStart, suspensionStart } from './suspension.ts';

// New York is UTC-5 in November and December 2026, UTC-4 in October.
describe('suspensionStart (notice by the 25th)', () => {
  it('on the 25th, New York time, the next month is already off', () => {
    expect(suspensionStart(new Date('2026-11-26T04:59:00Z'), []).toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });
  it('after the 25th (New York), the next month is still charged', () => {
    expect(suspensionStart(new Date('2026-11-26T05:00:00Z'), []).toISOString()).toBe('2027-01-01T05:00:00.000Z');
  });
  it('early in the month, the next 1st', () => {
    expect(suspensionStart(new Date('2026-10-02T12:00:00Z'), []).toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });
  it('never undoes a month already billed', () => {
    expect(suspensionStart(new Date('2026-11-20T12:00:00Z'), [new Date('2026-12-01T05:00:00Z')]).toISOString()).toBe('2027-01-01T05:00:00.000Z');
  });
});

describe('resumeStart', () => {
  it('is the next 1st in New York', () => {
    expect(resumeStart(new Date('2026-12-31T23:00:00Z')).toISOString()).toBe('2027-01-01T05:00:00.000Z');
    expect(resumeStart(new Date('2027-01-01T06:00:00Z')).toISOString()).toBe('2027-02-01T05:00:00.000Z');
  });
});
