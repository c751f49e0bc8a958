import { describe, expect, it } from 'vitest';
import { isTicketNumber } from '../../src/contract/tickets.ts';
import { newGateTicketNumber, newPassNumber } from './ticket-numbers.ts';

describe('new ticket numbers follow the QR rule', () => {
  it('gate tickets: lot code, New York entry time yyMMddHHmmss, 7 random digits', () => {
    const number = newGateTicketNumber('1044', new Date('2026-11-23T19:05:09Z'));
    expect(number).toMatch(/^1044261123140509\d{7}$/);
    expect(isTicketNumber(number)).toBe(true);
  });

  it('passes: 7 characters without look-alikes', () => {
    for (let i = 0; i < 200; i++) {
      const number = newPassNumber();
      expect(isTicketNumber(number)).toBe(true);
      expect(number).not.toMatch(/[01OIS5B8]/);
    }
    expect(newPassNumber(6)).toHaveLength(6);
  });
});
