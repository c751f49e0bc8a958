import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  enteredPlateSchema, extractTicketNumber, parseAggregator, parseTicketNumber, parseTicketPaymentId, parseTypedTicketNumber, TICKET_MESSAGES, ticketNumberSchema,
  ticketPaymentEntityId, TYPED_TICKET_MAX_LENGTH,
} from './tickets.ts';
import { licensePlateSchema } from './parking-system.ts';

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

describe('parseTypedTicketNumber (forgiving typing, field messages, never a QR message)', () => {
  it.each([
    [' R4T 9WX ', 'R4T9WX'],
    ['R4T-9WX', 'R4T9WX'],
    ['r4t9wx', 'R4T9WX'],
    ['pf7k–2qx', 'PF7K2QX'],
    ['1044 2611 2300 0100 4821 001', '10442611230001004821001'],
    ['1044-2611-2300-0100-4821-001', '10442611230001004821001'],
    ['1044.2611.2300.0100.4821.001', '10442611230001004821001'],
  ])('accepts %j as %s', (typed, ticketNumber) => {
    expect(parseTypedTicketNumber(typed)).toEqual({ ok: true, ticketNumber });
  });

  it('a 23-digit number typed in groups of four fits the box', () => {
    expect('1044 - 2611 - 2300 - 0100 - 4821 - 001'.length).toBeLessThanOrEqual(TYPED_TICKET_MAX_LENGTH);
    expect(parseTypedTicketNumber('1044 - 2611 - 2300 - 0100 - 4821 - 001')).toEqual({ ok: true, ticketNumber: '10442611230001004821001' });
  });

  it.each([
    ['', TICKET_MESSAGES.ticketNumberRequired],
    ['  - ', TICKET_MESSAGES.ticketNumberRequired],
    ['ABCDE', TICKET_MESSAGES.ticketNumberFormat],
    ['R4T#9WX', TICKET_MESSAGES.ticketNumberFormat],
    ['1044 2611 2300 0100 4821 0012', TICKET_MESSAGES.ticketNumberFormat],
  ])('refuses %j with a ticket-number message', (typed, message) => {
    const result = parseTypedTicketNumber(typed);
    expect(result).toEqual({ ok: false, message });
    expect(result.ok || result.message).not.toMatch(/QR Code/);
  });

  it('the server reads a ticket number in a URL the same forgiving way', () => {
    expect(v.parse(ticketNumberSchema, 'R4T-9WX')).toBe('R4T9WX');
    expect(v.parse(ticketNumberSchema, '1044 2611 2300 0100 4821 001')).toBe('10442611230001004821001');
  });
});

describe('plates typed as written on the car', () => {
  it.each([
    ['KLM 4822', 'KLM4822'],
    ['abc-1234', 'ABC1234'],
    [' nyc·4821 ', 'NYC4821'],
  ])('%j is plate %s, for the ticket service and the garage API alike', (typed, plate) => {
    expect(v.parse(enteredPlateSchema, typed)).toBe(plate);
    expect(v.parse(licensePlateSchema, typed)).toBe(plate);
  });

  it('still refuses characters that are not separators', () => {
    expect(v.safeParse(enteredPlateSchema, 'KLM#4822').issues?.[0].message).toBe('License Plate must contain only letters and numbers');
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

describe('ticket payment entity ids (one payable per balance)', () => {
  it('numbers the second and later payments', () => {
    expect(ticketPaymentEntityId('PF7K2QX', 1)).toBe('ticket:PF7K2QX');
    expect(ticketPaymentEntityId('PF7K2QX', 2)).toBe('ticket:PF7K2QX.2');
    expect(ticketPaymentEntityId('10442611230001004821001', 12)).toBe('ticket:10442611230001004821001.12');
  });
  it('parses what it makes and refuses anything else', () => {
    expect(parseTicketPaymentId('PF7K2QX')).toEqual({ ticketNumber: 'PF7K2QX', paymentNumber: 1 });
    expect(parseTicketPaymentId('10442611230001004821001.2')).toEqual({ ticketNumber: '10442611230001004821001', paymentNumber: 2 });
    for (const bad of ['PF7K2QX.1', 'PF7K2QX.0', 'PF7K2QX.02', 'PF7K2QX.100', 'pf7k2qx', 'PF7K2QX.', '1234.2']) expect(parseTicketPaymentId(bad)).toBeUndefined();
  });
});
