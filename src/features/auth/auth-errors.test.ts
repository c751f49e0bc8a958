import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/errors';
import { isRequiresRecentLogin, stripProviderDecorations, toAuthErrorMessage } from './auth-errors';
import { AUTH_MESSAGES } from './auth-messages';

const providerError = (code: string, message = `Firebase: Error (${code}).`) => Object.assign(new Error(message), { code });

describe('toAuthErrorMessage', () => {
  it.each([
    ['auth/too-many-requests', AUTH_MESSAGES.tooManyRequests],
    ['auth/wrong-password', 'The password is invalid or the user does not have a password.'],
    ['auth/invalid-credential', 'The password is invalid or the user does not have a password.'],
    ['auth/weak-password', 'The password must be 6 characters long or more.'],
    ['auth/invalid-verification-code', 'Error: The SMS verification code entered was not correct...'],
    ['auth/email-already-in-use', 'Error: This may be a duplicate account...'],
    ['auth/expired-action-code', 'Error: Your password reset link appears to be invalid. Please request a new link on the password reset page.'],
    ['auth/invalid-action-code', 'Error: Your password reset link appears to be invalid. Please request a new link on the password reset page.'],
  ])('maps %s to the spec text', (code, text) => {
    expect(toAuthErrorMessage(providerError(code))).toBe(text);
  });

  it('maps the other listed codes to friendly text without provider decorations', () => {
    for (const code of ['auth/invalid-email', 'auth/user-not-found', 'auth/user-disabled', 'auth/network-request-failed', 'auth/code-expired', 'auth/popup-closed-by-user', 'auth/quota-exceeded']) {
      const text = toAuthErrorMessage(providerError(code));
      expect(text).not.toMatch(/Firebase|auth\//);
      expect(text.length).toBeGreaterThan(10);
    }
  });

  it('strips the provider prefix and the (auth/…) suffix of unknown codes', () => {
    expect(toAuthErrorMessage(providerError('auth/something-new', 'Firebase: The thing failed (auth/something-new).'))).toBe('The thing failed');
    expect(toAuthErrorMessage(providerError('auth/something-new'))).toBe(AUTH_MESSAGES.systemError);
    expect(stripProviderDecorations('Firebase: Error (auth/x).')).toBe('');
  });

  it('reads a code found only in the message', () => {
    expect(toAuthErrorMessage(new Error('Firebase: Error (auth/wrong-password).'))).toBe(AUTH_MESSAGES.wrongPassword);
  });

  it('keeps API messages and maps network failures', () => {
    expect(toAuthErrorMessage(new ApiError(429, AUTH_MESSAGES.tooManyRequests))).toBe(AUTH_MESSAGES.tooManyRequests);
    expect(toAuthErrorMessage(new NetworkError())).toBe(AUTH_MESSAGES.network);
    expect(toAuthErrorMessage(undefined)).toBe(AUTH_MESSAGES.systemError);
    expect(toAuthErrorMessage(new ApiError(500, 'Our system could not process this request.'))).toBe('We’re sorry, but there seems to be a system error. Please try again later.');
  });

  it('recognises requires-recent-login from the provider and from the API', () => {
    expect(isRequiresRecentLogin(providerError('auth/requires-recent-login'))).toBe(true);
    expect(isRequiresRecentLogin(new ApiError(403, 'For your security, please sign in again to change your email address.'))).toBe(true);
    expect(isRequiresRecentLogin(new ApiError(400, 'nope'))).toBe(false);
  });
});
