/**
 * Field rules of spec 2 §5 for the sign-in pages. Each returns the spec's message or undefined;
 * forms show it as "Error: " + message. Phones are checked with libphonenumber-js (the server
 * uses the same library) and come out in E.164.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import * as v from 'valibot';
import { emailSchema } from '../../contract/accounts';
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

export function checkNames(first: string, last: string): { first?: string; last?: string } {
  return {
    ...(first.trim() ? {} : { first: AUTH_MESSAGES.firstNameRequired }),
    ...(last.trim() ? {} : { last: AUTH_MESSAGES.lastNameRequired }),
  };
}

/** Form validation messages display as "Error: " plus the message (spec 2 §5). */
export function asFormError(message: string): string {
  return message.startsWith('Error: ') ? message : `Error: ${message}`;
}
