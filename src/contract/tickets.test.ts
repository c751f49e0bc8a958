import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { extractTicketNumber, parseAggregator, parseTicketNumber, TICKET_MESSAGES, ticketNumberSchema } from './tickets.ts';

describe('extractTicketNumber', () => {
  it('takes the text after the last slash, upper-cased', () => {
    expect(extractTicketNumber('https://parkfair.example/app/pf7k2qx')).toBe('PF7K2QX');
    expect(extractTicketNumber('a/b/c/10442611230001004821001')).toBe('10442611230001004821001');
    expect(extractTicketNumber('r4t9wx')).toBe('R4T9WX');
    expect(extractTicketNumber('https://parkfair.example/app/')).toBe('');
  });
});

describe('parseTicketNumber (one rule: 23 digits or 6–7 letters and digits, at most 23 characters)', () => {
  it.each([
    ['10442611230001004821001', '10442611230001004821001'],
    ['https://parkfair.example/leavefast/choose/pf7k2qx', 'PF7K2QX'],
    ['R4T9WX', 'R4T9WX'],
    ['1234567', '1234567'],
    ['  abc123 ', 'ABC123'],
  ])('accepts %s', (scanned, ticketNumber) => {
    expect(parseTicketNumber(scanned)).toEqual({ ok: true, ticketNumber });
  });

  it.each([
    ['', TICKET_MESSAGES.qrRequired],
    ['https://x/', TICKET_MESSAGES.qrRequired],
    ['104426112300010048210012', TICKET_MESSAGES.qrTooLong],
    ['1044261123000100482100123', TICKET_MESSAGES.qrTooLong],
    ['1044261123000100482100', TICKET_MESSAGES.invalidQrText],
    ['ABCDE', TICKET_MESSAGES.invalidQrText],
    ['ABCDEFGH', TICKET_MESSAGES.invalidQrText],
    ['AB-123', TICKET_MESSAGES.invalidQrText],
    ['1044261123000100482100A', TICKET_MESSAGES.invalidQrText],
  ])('refuses %j with the message', (scanned, message) => {
    expect(parseTicketNumber(scanned)).toEqual({ ok: false, message });
  });

  it('the length message says 23, the limit the check uses', () => {
    expect(TICKET_MESSAGES.qrTooLong).toBe('Maximum length of QR Code should not be greater than 23 characters');
    expect(parseTicketNumber('1'.repeat(23)).ok).toBe(true);
    expect(parseTicketNumber('1'.repeat(24))).toEqual({ ok: false, message: TICKET_MESSAGES.qrTooLong });
  });

  it('the server schema applies the same rule', () => {
    expect(v.parse(ticketNumberSchema, 'pf7k2qx')).toBe('PF7K2QX');
    expect(v.safeParse(ticketNumberSchema, 'ABCDE').success).toBe(false);
  });
});

describe('parseAggregator', () => {
  it('reads provider names from a URL segment', () => {
    expect(parseAggregator('spothero')).toBe('SpotHero');
    expect(parseAggregator('Park-Whiz')).toBe('ParkWhiz');
    expect(parseAggregator('PARKFAIR')).toBe('ParkFair');
    expect(parseAggregator('uber')).toBeUndefined();
  });
});
