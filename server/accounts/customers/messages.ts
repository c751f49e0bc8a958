/** User-facing texts of the customers API (spec 2 §8 where the spec has them). */
export const CUSTOMER_MESSAGES = {
  systemError: 'We’re sorry, but there seems to be a system error. Please try again later.',
  duplicateAccount: 'Error: This may be a duplicate account...',
  badToken: 'There was a problem processing your request. This link has already been used or expired.',
  emailHasPhone: 'This email has a phone number, please sign in with that phone number.',
  phoneNotRegistered: 'This phone number is not registered.',
  emailNotRegistered: 'This email address is not registered.',
  phoneNotVerified: 'This phone number has not been verified for your account. Please verify it with the SMS code first.',
  emailNotOnAccount: 'This email address is not the email address of your account.',
  requiresRecentLogin: 'For your security, please sign in again to change your email address.',
  noDuplicate: 'No duplicate account was found for this email and phone number.',
  verificationSent: 'A verification email has been sent. Please check your inbox.',
  emailVerified: 'Your email address is verified!',
  resetSent: 'If an account exists for this email address, a link to reset its password has been sent.',
  requestReceived: 'Thank you. Our customer service team will contact you shortly.',
  duplicateNoticeSent: 'A confirmation email has been sent.',
} as const;
