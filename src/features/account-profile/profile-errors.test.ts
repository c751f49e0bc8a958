import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, ResponseParseError } from '../../lib/errors';
import { toProfileErrorMessage } from './profile-errors';
import { PROFILE_MESSAGES } from './profile-messages';

describe('toProfileErrorMessage', () => {
  it('keeps the server text of a 4xx answer', () => {
    expect(toProfileErrorMessage(new ApiError(400, 'displayName is required'))).toBe('displayName is required');
    expect(toProfileErrorMessage(new ApiError(409, 'Error: This may be a duplicate account...'))).toBe('Error: This may be a duplicate account...');
  });

  it('gives the network text when no answer came back', () => {
    expect(toProfileErrorMessage(new NetworkError())).toBe('Your device appears to be offline. Please enable your network connection and try again.');
  });

  it('gives the system error for server failures, bad answers and anything else', () => {
    expect(toProfileErrorMessage(new ApiError(500, 'boom'))).toBe(PROFILE_MESSAGES.systemError);
    expect(toProfileErrorMessage(new ApiError(404, ''))).toBe(PROFILE_MESSAGES.systemError);
    expect(toProfileErrorMessage(new ResponseParseError('/x', ['bad']))).toBe(PROFILE_MESSAGES.systemError);
    expect(toProfileErrorMessage(new Error('Firebase: Error (auth/x).'))).toBe(PROFILE_MESSAGES.systemError);
    expect(toProfileErrorMessage(undefined)).toBe('We’re sorry, but there seems to be a system error. Please try again later.');
  });
});
