import { describe, expect, it } from 'vitest';
import { claimsCsv, csvCell } from './claim-export.ts';
import type { FullClaimRow } from './claim-queries.ts';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
  });

  it('keeps a spreadsheet from running customer text as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1 212 555 0142')).toBe("'+1 212 555 0142");
    expect(csvCell('@sum')).toBe("'@sum");
  });
});

describe('claimsCsv', () => {
  it('writes a header and one row per claim, times in New York', () => {
    const row = {
      claim_id: 1, claim_number: '20417', status: 'received', first_name: 'Pat', last_name: 'Driver, Jr.', email_address: null,
      location_number: '1044', address1: '123 W 44th St', incident_date: '2026-11-22', report_date: '2026-11-23', vehicle_plate: 'KLM4822',
      photo_count: 2, created_at: new Date('2026-11-23T19:00:00Z'), car_brought_in: new Date('2026-11-22T14:15:00Z'), attendant_possesed_keys: true,
    } as unknown as FullClaimRow;
    const [header, line, end] = claimsCsv([row]).split('\r\n');
    expect(header?.startsWith('Claim Number,Status,Received,Location,Address,Incident Date')).toBe(true);
    expect(line).toContain('E20417,received,2026-11-23 14:00 ET,1044,123 W 44th St,2026-11-22,2026-11-23,Pat,"Driver, Jr.",');
    expect(line).toContain(',2026-11-22 09:15 ET,');
    expect(line).toContain(',Yes,');
    expect(end).toBe('');
  });
});
