/**
 * Every user-facing text of sign-in, registration, email and password flows: spec 2 §5
 * (validation) and §8 (error catalogue) word for word. Where the spec elides words ("Please ...
 * with that phone number") the words filled in are marked below.
 */
import { DISPLAY_NAME_MAX_LENGTH, EMAIL_FORMAT_MESSAGE } from '../../contract/accounts';

export const AUTH_MESSAGES = {
  // §5 validation
  phoneRequired: 'Mobile Phone Number field is required',
  phoneInvalid: 'Please enter a valid phone number.',
  emailInvalid: EMAIL_FORMAT_MESSAGE,
  emailRequired: 'Email field is required',
  passwordRequired: 'Password field is required',
  // Not in the spec (issue 38 item 11): the server keeps "First Last" to its display-name limit.
  nameTooLong: `First and last name together must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`,
  passwordMismatch: 'The password confirmation does not match',
  firstNameRequired: 'First Name field is required',
  lastNameRequired: 'Last Name field is required',
  // §8 error catalogue
  systemError: 'We’re sorry, but there seems to be a system error. Please try again later.',
  tooManyRequests:
    'Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.',
  wrongPassword: 'The password is invalid or the user does not have a password.',
  weakPassword: 'The password must be 6 characters long or more.',
  invalidCode: 'Error: The SMS verification code entered was not correct...',
  emailInUse: 'Error: This may be a duplicate account...',
  emailWithoutPhoneMethod:
    'We are switching to phone-based one-time passcodes. Please sign in using your mobile phone number. If you think this is an error, please contact us.',
  passwordAccountWithPhone: 'We are eliminating passwords and switching to phone-based one-time passcodes. Please sign in using your mobile phone number.',
  duplicateAccount:
    'A duplicate account was detected which prevented us from associating your email and phone number. Please click "Continue" to sign-in and this issue will be addressed by us at a later time...',
  // The spec reads "Please ... with that phone number": "sign in" is filled in.
  emailTiedToAnotherPhone: 'This email address is associated with another phone number. Please sign in with that phone number. If you think this is an error, please contact us.',
  resetLinkInvalid: 'Error: Your password reset link appears to be invalid. Please request a new link on the password reset page.',
  missingOobCode: 'Missing OOB Code.',
  badToken: 'There was a problem processing your request. This link has already been used or expired.',
  emailHasPhone: 'This email has a phone number, please sign in with that phone number.',
  invalidAction: 'Invalid Action',
  networkTitle: 'Network Problem',
  network: 'Your device appears to be offline. Please enable your network connection and try again.',
  // Spec 1 §8 "Login error user/invalid-token" word for word; "user/invalid" is described, not quoted.
  invalidToken: 'Unable to get token based on user credentials object. Login cancelled.',
  invalidUser: 'The user credentials object is invalid. Login cancelled.',
  // Friendly texts for the other provider codes (§8: "wording not shown").
  userNotFound: 'There is no account for this email address. Please sign in with your mobile phone number.',
  userDisabled: 'This account has been disabled. Please contact us.',
  codeExpired: 'The SMS verification code has expired. Please send a new code.',
  popupClosed: 'The sign-in window was closed before signing in finished. Please try again.',
  quotaExceeded: 'Too many verification codes were requested. Please try again later.',
  // Page texts
  requiredNote: 'Fields marked with asterisk (*) are required',
  actionRequired: 'Action Required!',
  actionRequiredBody:
    'Passwords are being replaced by phone-based one-time passcodes. Please sign in with your email and password to add a mobile number to your account.',
  passwordChanged: 'Your password has been successfully changed.',
  emailVerified: 'Your email address is verified!',
  resetSent: 'If an account exists for this email address, a link to reset its password has been sent.',
  verificationSent: 'A verification email has been sent. Please check your inbox.',
  duplicateNotice: 'A duplicate account was detected. Please click "Continue" to sign in. No further action is required.',
} as const;
