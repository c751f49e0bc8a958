import { describe, expect, it } from 'vitest';
import { latestStartDate, startDateError } from './start-date';

const NOW = Date.parse('2026-11-23T19:00:00Z');

describe('monthly start date', () => {
  it('allows today to 90 days ahead (New York dates)', () => {
    expect(latestStartDate(NOW)).toBe('2027-02-21');
    expect(startDateError('2026-11-23', NOW)).toBeUndefined();
    expect(startDateError('2027-02-21', NOW)).toBeUndefined();
  });
  it("answers with the spec's message beyond the maximum advance", () => {
    expect(startDateError('2027-02-22', NOW)).toBe('Requested Start date is invalid, it cannot be greater than 02/21/2027');
    expect(startDateError('2026-11-22', NOW)).toBe('Requested Start date is invalid, it cannot be earlier than 11/23/2026');
  });
  it('is the New York day late in the evening', () => {
    expect(startDateError('2026-11-23', Date.parse('2026-11-24T03:00:00Z'))).toBeUndefined();
  });
});
