/**
 * Product constants shared by the client (spec 1 §9, spec 3 §9) that the entry chunk uses: a
 * module the entry imports is in it whole, so constants only lazy chunks use live beside them
 * (client-version.ts, company-contact.ts).
 */

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

/** A signed-in session is stale 15 minutes after sign-in (spec 1 §4). */
export const STALE_SESSION_MS = 900_000;
