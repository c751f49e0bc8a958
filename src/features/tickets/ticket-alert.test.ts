import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/errors';
import { couponErrorText, redeemAlertFor, ticketAlertFor } from './ticket-alert';
import { TICKET_TEXT } from './ticket-messages';

describe('ticketAlertFor', () => {
  it('maps no answer to Network Problem', () => {
    expect(ticketAlertFor(new NetworkError())).toEqual({ title: 'Network Problem', message: 'Your device appears to be offline. Please enable your network connection and try again.' });
  });
  it('shows a 4xx message under Error', () => {
    expect(ticketAlertFor(new ApiError(404, 'Ticket not found.'))).toEqual({ title: 'Error', message: 'Ticket not found.' });
  });
  it('maps the rest to System Error', () => {
    expect(ticketAlertFor(new ApiError(500, 'boom'))).toEqual({ title: 'System Error', message: TICKET_TEXT.systemText });
    expect(ticketAlertFor(new Error('x')).title).toBe('System Error');
    expect(redeemAlertFor(new ApiError(503, 'x'))).toEqual({ title: 'System Error', message: TICKET_TEXT.redeemText });
  });
});

describe('couponErrorText', () => {
  it('prefers the server message, else the coupon failure text', () => {
    expect(couponErrorText(new ApiError(404, 'Coupon not found.'))).toBe('Coupon not found.');
    expect(couponErrorText(new ApiError(500, ''))).toBe('We are sorry! Our system is unable to process your request at the moment. Please try again after few seconds.');
  });
});
