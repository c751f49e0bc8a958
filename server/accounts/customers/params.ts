/**
 * Path parameters of the lookups. Phones arrive as E.164 ("+12125550123", URL-encoded) or as a
 * US number in any common writing; both become E.164 with libphonenumber-js, the library the
 * client validates with, so the two sides agree on what a valid number is.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import * as v from 'valibot';
import { emailSchema } from '../../../src/contract/accounts.ts';

export function toE164(raw: string): string | undefined {
  const parsed = parsePhoneNumberFromString(raw.trim(), 'US');
  return parsed?.isValid() ? parsed.number : undefined;
}

export const phoneParamSchema = v.object({
  phone: v.pipe(
    v.string(),
    v.maxLength(32, 'phone is too long'),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const phone = toE164(dataset.value);
      if (!phone) {
        addIssue({ message: 'must be a valid phone number, e.g. +12125550123' });
        return NEVER;
      }
      return phone;
    }),
  ),
});

export const emailParamSchema = v.object({ email: emailSchema });
