import { describe, expect, it } from 'vitest';
import { parseTicketNumber } from '../../contract/tickets';
import { parseScanSearch } from './scan-search';
import { scanBackTarget, scanTarget } from './scan-targets';

describe('scanTarget', () => {
  it('sends each type to its screen', () => {
    expect(scanTarget('redeem-choose', 'PF7K2QX')).toBe('/my-account/reservations?ticketNumber=PF7K2QX');
    expect(scanTarget('redeem-commit', 'PF7K2QX', 'SH-1234')).toBe('/leavefast/ticket/PF7K2QX/redeem/SH-1234');
    expect(scanTarget('pay-for-parking', '10442611230001004821001')).toBe('/pay-for-parking/10442611230001004821001');
    expect(scanTarget('choose', 'R4T9WX')).toBe('/leavefast/choose/R4T9WX');
    expect(scanTarget('retrieve', 'R4T9WX')).toBe('/retrieve-car/R4T9WX');
  });
  it('sends a signed-out driver paying for parking to the guest payment, not the signed-in review', () => {
    expect(scanTarget('pay-for-parking', '10442611230001004821001', undefined, true)).toBe('/pay-for-parking?ticket=10442611230001004821001');
    expect(scanTarget('retrieve', 'R4T9WX', undefined, true)).toBe('/retrieve-car/R4T9WX');
  });
  it('falls back to choose when redeem-commit has no reservation', () => {
    expect(scanTarget('redeem-commit', 'R4T9WX')).toBe('/leavefast/choose/R4T9WX');
  });
});

describe('scanBackTarget', () => {
  it('goes back per type, Home without one', () => {
    expect(scanBackTarget('redeem-choose')).toBe('/leavefast');
    expect(scanBackTarget('redeem-commit', 'SH-1234')).toBe('/leavefast?reservationNumber=SH-1234');
    expect(scanBackTarget('redeem-commit')).toBe('/leavefast');
    expect(scanBackTarget('pay-for-parking')).toBe('/pay-for-parking');
    expect(scanBackTarget('retrieve')).toBe('/retrieve-car');
    expect(scanBackTarget(undefined)).toBe('/');
  });
});

describe('parseScanSearch', () => {
  it('drops unknown types and bad reservation numbers', () => {
    expect(parseScanSearch({ type: 'nope', reservationNumber: '!' })).toEqual({ type: undefined, reservationNumber: undefined });
    expect(parseScanSearch({ reservationNumber: 48213977 })).toEqual({ type: undefined, reservationNumber: '48213977' });
    expect(parseScanSearch({ type: 'redeem-commit', reservationNumber: ' sh-1234 ' })).toEqual({ type: 'redeem-commit', reservationNumber: 'SH-1234' });
  });
});

describe('a scanned URL from another host', () => {
  it('routes by the text after its last slash, as spec 3 §2 says for any scanned value', () => {
    const scanned = parseTicketNumber('https://tickets.example/t/12345678901234567890123');
    expect(scanned).toEqual({ ok: true, ticketNumber: '12345678901234567890123' });
    expect(scanned.ok && scanTarget('retrieve', scanned.ticketNumber)).toBe('/retrieve-car/12345678901234567890123');
    expect(parseTicketNumber('https://example.com/menu/lunch-specials').ok).toBe(false);
  });
});
