import { describe, expect, it } from 'vitest';
import { extractTicketNumber, parseTicketNumber } from '../../contract/tickets';
import { defaultPaymentMethod, formatAmount, formatParkedTime, payLabel, toCents } from './ticket-format';

describe('formatAmount / payLabel', () => {
  it('formats dollars with two decimals and grouping', () => {
    expect(formatAmount(12.5)).toBe('12.50');
    expect(formatAmount(1234)).toBe('1,234.00');
    expect(formatAmount(0.005)).toBe('0.01');
    expect(formatAmount(-0)).toBe('0.00');
    expect(payLabel(19.5)).toBe('Pay $19.50');
  });
  it('converts to cents for browser pay', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });
});

describe('formatParkedTime', () => {
  it('reads hours and minutes', () => {
    expect(formatParkedTime(135)).toBe('2h 15m');
    expect(formatParkedTime(45)).toBe('45m');
    expect(formatParkedTime(-3)).toBe('0m');
  });
});

describe('defaultPaymentMethod', () => {
  it('prefers the first saved card', () => {
    expect(defaultPaymentMethod(2)).toBe('saved_cc');
    expect(defaultPaymentMethod(0)).toBe('cc');
  });
});

describe('ticket number from a scan', () => {
  it('takes the text after the last slash, upper-cased', () => {
    expect(extractTicketNumber('https://parkfair.example/app/pf7k2qx')).toBe('PF7K2QX');
    expect(parseTicketNumber('https://x/app/10442611230001004821001')).toEqual({ ok: true, ticketNumber: '10442611230001004821001' });
    expect(parseTicketNumber('https://x/app/').ok).toBe(false);
    expect(parseTicketNumber('ABCDE').ok).toBe(false);
    expect(parseTicketNumber('1'.repeat(24)).ok).toBe(false);
  });
});
