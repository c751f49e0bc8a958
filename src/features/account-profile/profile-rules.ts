/** Pure rules of the Profile page: the display-name field (spec 2 §5) and the verified flag. */
import { PROFILE_MESSAGES } from './profile-messages';

/** The server's limit on display names (src/contract/accounts.ts displayNameSchema). */
export const DISPLAY_NAME_MAX_LENGTH = 200;

/** Trimmed, inner runs of whitespace collapsed: "  Ann   Lee " → "Ann Lee". */
export function normaliseDisplayName(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ');
}

/** The spec's message for a bad display name, or undefined when it can be saved. */
export function checkDisplayName(raw: string): string | undefined {
  const name = normaliseDisplayName(raw);
  if (!name) return PROFILE_MESSAGES.customerNameRequired;
  if (name.length > DISPLAY_NAME_MAX_LENGTH) return PROFILE_MESSAGES.customerNameTooLong;
  return undefined;
}

/**
 * Spec 2 §5: an email-verified answer is true only if its text is "true" (case-insensitive).
 * The API client parses JSON, so the text "true" arrives as the boolean true.
 */
export function parseEmailVerified(answer: unknown): boolean {
  if (typeof answer === 'boolean') return answer;
  return typeof answer === 'string' && answer.toLowerCase() === 'true';
}

/** Form validation messages display as "Error: " plus the message (spec 2 §5). */
export function asFieldError(message: string): string {
  return message.startsWith('Error: ') ? message : `Error: ${message}`;
}
