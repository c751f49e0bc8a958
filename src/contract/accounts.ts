/**
 * The customer-account calls of spec 2 §7 under /accounts/api/customers (vehicles live in their
 * own contract). Pure valibot shared by the server (validates input, shapes output) and the
 * client (parses every response). Phone numbers travel in E.164 (+12125550123).
 */
import * as v from 'valibot';

/** Spec 2 §5: the one email-format message, used by every email field. */
export const EMAIL_FORMAT_MESSAGE = "Please check the email address you entered. It doesn't appear to be formatted properly or is not valid as entered";

export const emailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(254, EMAIL_FORMAT_MESSAGE),
  v.email(EMAIL_FORMAT_MESSAGE),
);

/** E.164: a plus, a country code not starting with 0, at most 15 digits in all. */
export const e164PhoneSchema = v.pipe(v.string(), v.trim(), v.regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in E.164 form, e.g. +12125550123'));

/** The server's limit on a display name; sign-up checks "First Last" against it before sending the code. */
export const DISPLAY_NAME_MAX_LENGTH = 200;

export const displayNameSchema = v.pipe(v.string(), v.trim(), v.minLength(1, 'displayName is required'), v.maxLength(DISPLAY_NAME_MAX_LENGTH, `displayName must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`));

export const phoneLookupSchema = v.object({ displayName: v.nullable(v.string()), hasEmail: v.boolean() });
export type PhoneLookup = v.InferOutput<typeof phoneLookupSchema>;

export const emailLookupSchema = v.object({ displayName: v.nullable(v.string()), hasPhoneNumber: v.boolean() });
export type EmailLookup = v.InferOutput<typeof emailLookupSchema>;

export const customerDetailsSchema = v.object({
  customerId: v.number(),
  displayName: v.nullable(v.string()),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  isEmailVerified: v.boolean(),
  acceptMarketingEmail: v.boolean(),
  acceptMarketingText: v.boolean(),
});
export type CustomerDetails = v.InferOutput<typeof customerDetailsSchema>;

export const emailBodySchema = v.object({ email: emailSchema });
export const displayNameBodySchema = v.object({ displayName: displayNameSchema });
export const phoneNumberBodySchema = v.object({ phoneNumber: e164PhoneSchema });
export const emailAndPhoneBodySchema = v.object({ email: emailSchema, phoneNumber: e164PhoneSchema });
export const verificationTokenBodySchema = v.object({
  verificationToken: v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{20,200}$/, 'verificationToken is not a valid token')),
});
export const marketingPrefsBodySchema = v.object({ acceptMarketingEmail: v.boolean(), acceptMarketingText: v.boolean() });

/** Answer of the calls that only acknowledge (emails sent, requests recorded). */
export const messageSchema = v.object({ message: v.string() });

/** A message in the development outbox (GET /dev/api/outbox). */
export const outboxMessageSchema = v.object({
  mailId: v.number(),
  to: v.string(),
  subject: v.string(),
  text: v.string(),
  kind: v.string(),
  links: v.array(v.string()),
  createdAt: v.string(),
});
export type OutboxMessage = v.InferOutput<typeof outboxMessageSchema>;
