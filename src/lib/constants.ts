/** Product constants shared by the client (spec 1 §9, spec 3 §9). */

/** Sent as X-Client-Version on every API call and in every client log record. */
export const CLIENT_VERSION = '3.1.340';

/** Every local-storage key of the app starts with this prefix (spec 1 §9). */
export const STORAGE_PREFIX = 'pf-';

export const STORAGE_KEYS = {
  queryCache: `${STORAGE_PREFIX}query-cache`,
  auth: `${STORAGE_PREFIX}auth`,
  cookieAccepted: `${STORAGE_PREFIX}cookie-accepted`,
  deviceId: `${STORAGE_PREFIX}device-id`,
  /** Exit-pass QR matrices kept for offline cold starts (features/park-and-pay/exit-pass-qr.ts). */
  exitPassQr: `${STORAGE_PREFIX}exit-pass-qr`,
} as const;

export const COMPANY_NAME = 'ParkFair';
/** Company contact data shown in the footer and on the not-found page. */
export const COMPANY_PHONE = '(212) 555-0100';
export const COMPANY_PHONE_HREF = 'tel:+12125550100';
export const CUSTOMER_CARE_EMAIL = 'customercare@parkfair.example';

/** A signed-in session is stale 15 minutes after sign-in (spec 1 §4). */
export const STALE_SESSION_MS = 900_000;
