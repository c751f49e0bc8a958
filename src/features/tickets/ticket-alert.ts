/**
 * One mapper from a failed ticket call to the alert the driver sees (spec 3 §8): no answer →
 * Network Problem; an answer with a message (4xx) → Error with that message; otherwise System
 * Error. Coupon calls use the coupon failure text as their fallback instead.
 */
import { ApiError, NetworkError } from '../../lib/errors';
import { TICKET_TEXT } from './ticket-messages';

export type TicketAlert = { title: string; message: string };

export function ticketAlertFor(error: unknown): TicketAlert {
  if (error instanceof NetworkError) return { title: TICKET_TEXT.networkTitle, message: TICKET_TEXT.networkText };
  if (error instanceof ApiError && error.status < 500 && error.status !== 401 && error.message) return { title: TICKET_TEXT.errorTitle, message: error.message };
  return { title: TICKET_TEXT.systemTitle, message: TICKET_TEXT.systemText };
}

export function redeemAlertFor(error: unknown): TicketAlert {
  if (error instanceof NetworkError) return { title: TICKET_TEXT.networkTitle, message: TICKET_TEXT.networkText };
  if (error instanceof ApiError && error.status < 500 && error.status !== 401 && error.message) return { title: TICKET_TEXT.errorTitle, message: error.message };
  return { title: TICKET_TEXT.systemTitle, message: TICKET_TEXT.redeemText };
}

/** The server's message, otherwise the coupon failure text (spec 3 §8). */
export function couponErrorText(error: unknown): string {
  if (error instanceof NetworkError) return TICKET_TEXT.networkText;
  if (error instanceof ApiError && error.status < 500 && error.message) return error.message;
  return TICKET_TEXT.couponFailure;
}

/** Writes never pretend to succeed offline: checked before the call is tried. */
export function offlineAlert(): TicketAlert | undefined {
  return typeof navigator !== 'undefined' && navigator.onLine === false ? { title: TICKET_TEXT.networkTitle, message: TICKET_TEXT.networkText } : undefined;
}
