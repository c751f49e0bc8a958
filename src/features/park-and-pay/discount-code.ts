/**
 * Scan Discount (spec 3 §2 "Session"): what a scanned validation/discount QR or a typed code
 * means, and the coupon failure text (spec 3 §8). A merchant's validation QR may hold the bare
 * code the shop issued ("MV-7K2Q-X9AB-CD3E-F4GH", single-use: server/validations) or a link ending
 * in it (".../promoredirect/MV-7K2Q-…"): the code is the text after the last slash, normalised like
 * every coupon code (upper-cased, spaces and hyphens removed).
 */
import * as v from 'valibot';
import { couponCodeSchema, isDeveloperMessage } from '../../contract/promotions';
import { ApiError, NetworkError } from '../../lib/errors';
import { PARK_TEXT } from './messages';

export type DiscountCodeResult = { ok: true; code: string } | { ok: false; message: string };

export function parseDiscountCode(input: string): DiscountCodeResult {
  const text = input.trim().replace(/[?#].*$/, '').replace(/\/+$/, '');
  let last = text.slice(text.lastIndexOf('/') + 1);
  try {
    last = decodeURIComponent(last);
  } catch {
    // Not percent-encoded: keep it as it is; the code rules below still apply.
  }
  const result = v.safeParse(couponCodeSchema, last);
  return result.success ? { ok: true, code: result.output } : { ok: false, message: result.issues[0]?.message ?? PARK_TEXT.couponFailure };
}

/** Spec 3 §8 "Coupon failure": the server message, otherwise the generic coupon text; no answer → Network Problem. */
export function couponFailure(error: unknown): { title: string; message: string } {
  if (error instanceof NetworkError) return { title: PARK_TEXT.networkTitle, message: PARK_TEXT.networkText };
  // A boundary 400 ("Invalid param: …") is a developer's text: the generic coupon text instead.
  if (error instanceof ApiError && error.status < 500 && error.message && !isDeveloperMessage(error.message)) return { title: 'Error', message: error.message };
  return { title: 'Error', message: PARK_TEXT.couponFailure };
}
