/**
 * The one mapper from a thrown value to Profile text: no answer → the network text; a 4xx
 * answer keeps the server's message (the accounts API answers with the spec's texts); anything
 * else → the catalogue's system error.
 */
import { ApiError, NetworkError } from '../../lib/errors';
import { PROFILE_MESSAGES } from './profile-messages';

export function toProfileErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return PROFILE_MESSAGES.network;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return PROFILE_MESSAGES.systemError;
}
