/**
 * The lot code the driver types or the garage's QR code carries (spec 3 §4), apart from the
 * flow's other rules: the lot-code screen is a first screen, and it needs only this.
 */

/** Spec 3 §4: a typed lot code is reduced to digits only. */
export const lotCodeDigits = (input: string): string => input.replace(/\D/g, '');

/** Spec 3 §4, §8: what a lot code that names no garage shows. */
export const LOCATION_NOT_FOUND_TEXT = 'Location not found';
