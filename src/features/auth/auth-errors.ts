/**
 * The one mapper from a thrown value to sign-in text: identity-provider codes to the spec's
 * texts; API errors keep the server's message (already the spec's text); anything else loses the
 * provider's "Firebase: " prefix and "(auth/…)" suffix, and an empty rest becomes the system error.
 */
import { ApiError, NetworkError, ResponseParseError } from '../../lib/errors';
import { AUTH_MESSAGES } from './auth-messages';

const BY_CODE: Record<string, string> = {
  'auth/too-many-requests': AUTH_MESSAGES.tooManyRequests,
  'auth/wrong-password': AUTH_MESSAGES.wrongPassword,
  'auth/invalid-credential': AUTH_MESSAGES.wrongPassword,
  'auth/invalid-login-credentials': AUTH_MESSAGES.wrongPassword,
  'auth/weak-password': AUTH_MESSAGES.weakPassword,
  'auth/invalid-verification-code': AUTH_MESSAGES.invalidCode,
  'auth/missing-verification-code': AUTH_MESSAGES.invalidCode,
  'auth/email-already-in-use': AUTH_MESSAGES.emailInUse,
  'auth/credential-already-in-use': AUTH_MESSAGES.duplicateAccount,
  'auth/account-exists-with-different-credential': AUTH_MESSAGES.emailInUse,
  'auth/expired-action-code': AUTH_MESSAGES.resetLinkInvalid,
  'auth/invalid-action-code': AUTH_MESSAGES.resetLinkInvalid,
  'auth/invalid-email': AUTH_MESSAGES.emailInvalid,
  'auth/user-not-found': AUTH_MESSAGES.userNotFound,
  'auth/user-disabled': AUTH_MESSAGES.userDisabled,
  'auth/network-request-failed': AUTH_MESSAGES.network,
  'auth/code-expired': AUTH_MESSAGES.codeExpired,
  'auth/popup-closed-by-user': AUTH_MESSAGES.popupClosed,
  'auth/quota-exceeded': AUTH_MESSAGES.quotaExceeded,
  'auth/invalid-phone-number': AUTH_MESSAGES.phoneInvalid,
  'auth/missing-phone-number': AUTH_MESSAGES.phoneRequired,
  // Ours (signed-in-check.ts): a sign-in without a user or without a readable ID token.
  'user/invalid': AUTH_MESSAGES.invalidUser,
  'user/invalid-token': AUTH_MESSAGES.invalidToken,
};

/** "Firebase: Error (auth/x)." → "", "Firebase: Something bad (auth/x)." → "Something bad". */
export function stripProviderDecorations(message: string): string {
  return message
    .replace(/^Firebase:\s*/i, '')
    .replace(/\s*\(auth\/[^)]*\)\.?\s*$/i, '')
    .replace(/^Error$/i, '')
    .trim();
}

export function codeOf(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') return error.code;
  const match = error instanceof Error ? /\((auth\/[a-z-]+)\)/.exec(error.message) : null;
  return match?.[1];
}

export function isRequiresRecentLogin(error: unknown): boolean {
  return codeOf(error) === 'auth/requires-recent-login' || (error instanceof ApiError && error.status === 403 && /sign in again/i.test(error.message));
}

export function toAuthErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return AUTH_MESSAGES.network;
  // Lookup/verification failures of the server (5xx) get the catalogue's system-error text;
  // 4xx answers carry the spec's text for that case (429, 409, 400 bad token, …).
  if (error instanceof ApiError) return error.status >= 500 || !error.message ? AUTH_MESSAGES.systemError : error.message;
  if (error instanceof ResponseParseError) return AUTH_MESSAGES.systemError;
  const code = codeOf(error);
  if (code && BY_CODE[code]) return BY_CODE[code];
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return stripProviderDecorations(message) || AUTH_MESSAGES.systemError;
}
