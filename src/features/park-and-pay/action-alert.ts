/**
 * One mapper from a failed action to the alert the driver sees (spec 3 §8): no answer → Network
 * Problem; an answer with a message → Error with that message; anything else → System Error.
 */
import { ApiError, NetworkError } from '../../lib/errors';
import { PARK_TEXT } from './messages';

export type ActionAlert = { title: string; message: string };

export function actionAlertFor(error: unknown): ActionAlert {
  if (error instanceof NetworkError) return { title: PARK_TEXT.networkTitle, message: PARK_TEXT.networkText };
  if (error instanceof ApiError && error.status < 500 && error.message) return { title: 'Error', message: error.message };
  return { title: PARK_TEXT.systemTitle, message: PARK_TEXT.systemText };
}

/** Writes never pretend to succeed offline: checked before the call is even tried. */
export function offlineAlert(): ActionAlert | undefined {
  return typeof navigator !== 'undefined' && navigator.onLine === false ? { title: PARK_TEXT.networkTitle, message: PARK_TEXT.networkText } : undefined;
}
