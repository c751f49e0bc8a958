/**
 * Codes people copy off paper or a car — ticket numbers, plates — typed the way they are
 * printed: in groups, with dashes, in any case. Normalised before any rule is checked, by the
 * client and the server alike, so "R4T-9WX", " r4t 9wx " and "R4T9WX" are one ticket and
 * "KLM 4822" is plate KLM4822.
 */

/** Spaces, dashes of every kind, dots and middle dots: never part of a ticket number or a plate. */
const SEPARATORS = /[\s\-\u2010-\u2015.\u00b7]/g;

/** Separators out, upper case; any other character stays, so the rule can refuse it with its message. */
export const normalizeCode = (text: string): string => text.replace(SEPARATORS, '').toUpperCase();

/** A plate as written on the car or typed ("KLM 4822", "abc-1234") → "KLM4822", "ABC1234". */
export const normalizePlate = normalizeCode;
