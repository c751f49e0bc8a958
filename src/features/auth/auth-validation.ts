/**
 * Field rules of spec 2 §5 for the sign-in pages. Each returns the spec's message or undefined;
 * forms show it as "Error: " + message. Phones are checked with libphonenumber-js (the server
 * uses the same library) and come out in E.164.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import * as v from 'valibot';
import { DISPLAY_NAME_MAX_LENGTH, emailSchema } from '../../contract/accounts';
import { AUTH_MESSAGES } from './auth-messages';

export type PhoneCheck = { phoneNumber: string; error?: undefined } | { phoneNumber?: undefined; error: string };

export function checkPhone(raw: string, country: CountryCode): PhoneCheck {
  if (!raw.trim()) return { error: AUTH_MESSAGES.phoneRequired };
  const parsed = parsePhoneNumberFromString(raw.trim(), country);
  if (!parsed?.isValid()) return { error: AUTH_MESSAGES.phoneInvalid };
  return { phoneNumber: parsed.number };
}

export function checkEmail(raw: string, requiredMessage?: string): string | undefined {
  if (!raw.trim() && requiredMessage) return requiredMessage;
  return v.is(emailSchema, raw) ? undefined : AUTH_MESSAGES.emailInvalid;
}

export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function checkPassword(raw: string): string | undefined {
  return raw ? undefined : AUTH_MESSAGES.passwordRequired;
}

/** Reset form: required, 6 characters or more (spec 2 §9), confirmation equal. */
export function checkNewPassword(password: string, confirmation: string): string | undefined {
  if (!password) return AUTH_MESSAGES.passwordRequired;
  if (password.length < 6) return AUTH_MESSAGES.weakPassword;
  if (password !== confirmation) return AUTH_MESSAGES.passwordMismatch;
  return undefined;
}

/**
 * Both names required, and "First Last" (what becomes the display name after the code) within the
 * server's limit: checked before the code is sent, or a 500-character name signed the driver in and
 * then failed, leaving the account half made (issue 38 item 11). The longer name carries the message.
 */
export function checkNames(first: string, last: string): { first?: string; last?: string } {
  const [given, family] = [first.trim(), last.trim()];
  if (given && family && `${given} ${family}`.length > DISPLAY_NAME_MAX_LENGTH) {
    return given.length >= family.length ? { first: AUTH_MESSAGES.nameTooLong } : { last: AUTH_MESSAGES.nameTooLong };
  }
  return {
    ...(given ? {} : { first: AUTH_MESSAGES.firstNameRequired }),
    ...(family ? {} : { last: AUTH_MESSAGES.lastNameRequired }),
  };
}

/** Form validation messages display as "Error: " plus the message (spec 2 §5). */
export function asFormError(message: string): string {
  return message.startsWith('Error: ') ? message : `Error: ${message}`;
}
