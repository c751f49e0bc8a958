/**
 * Every user-facing text of the Profile page. Spec 2 §5 gives the single-name rule ("Customer
 * Name field is required") and §8 the system and network texts; the confirmations are ours
 * (the spec shows none for these saves).
 */
export const PROFILE_MESSAGES = {
  // §5 validation (forms show them as "Error: " + message)
  customerNameRequired: 'Customer Name field is required',
  customerNameTooLong: 'Customer Name must be at most 200 characters',
  // §8 error catalogue
  systemError: 'We’re sorry, but there seems to be a system error. Please try again later.',
  network: 'Your device appears to be offline. Please enable your network connection and try again.',
  // Confirmations
  nameSaved: 'Your name has been saved.',
  marketingSaved: 'Your marketing preferences have been saved.',
  // Labels
  emailVerified: 'Verified',
  emailNotVerified: 'Not verified',
  notOnFile: 'Not on file',
} as const;
