/**
 * The secrets of merchant validation: issued codes and merchant keys. A code is "MV" and 16
 * characters of Crockford's base32 (no I, L, O, U), 80 random bits, so guessing one is hopeless
 * even unthrottled; it is printed in groups of four ("MV-7K2Q-…"), and the coupon calls read it
 * back whatever the hyphens and case (codes are normalised like every coupon code). A merchant
 * key is 32 random bytes; only its SHA-256 is stored, and a key is found by its hash.
 */
import { createHash, randomBytes } from 'node:crypto';

const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_PREFIX = 'MV';
const CODE_LENGTH = 16;
const KEY_PREFIX = 'pfm_';

/** The stored (normalised) shape of an issued code. */
export const VALIDATION_CODE_PATTERN = /^MV[0-9A-Z]{16}$/;

/** A fresh code, normalised ("MV" + 16 base32 characters). */
export function newValidationCode(): string {
  // 16 characters × 5 bits = 80 bits: 10 random bytes, read 5 bits at a time.
  const bytes = randomBytes(10);
  let bits = 0;
  let buffer = 0;
  let code = CODE_PREFIX;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      code += BASE32[(buffer >> bits) & 31];
    }
  }
  return code.slice(0, CODE_PREFIX.length + CODE_LENGTH);
}

/** "MV7K2QX9…" → "MV-7K2Q-X9…": easier to read aloud and to type. */
export function displayValidationCode(code: string): string {
  return [CODE_PREFIX, ...(code.slice(CODE_PREFIX.length).match(/.{1,4}/g) ?? [])].join('-');
}

export function newMerchantKey(): string {
  return `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function hashMerchantKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
