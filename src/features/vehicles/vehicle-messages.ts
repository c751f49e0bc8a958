/**
 * Texts of the vehicle screens (spec 2 §5 and §8, spec 3 §8) and the one mapper from a failed
 * save or removal to the alert shown. Field rule texts live in src/contract/vehicles.ts.
 */
import { VEHICLE_MESSAGES } from '../../contract/vehicles';
import { ApiError, NetworkError } from '../../lib/errors';

export const VEHICLE_TEXT = {
  networkTitle: 'Network Problem',
  networkText: 'Your device appears to be offline. Please enable your network connection and try again.',
  systemTitle: 'System Error',
  systemText: 'Our system could not process this request. Please use the self-serve payment machines or see an attendant at the parking location.',
  errorTitle: 'Error',
  pageTitle: 'Vehicles',
  addTitle: 'Add Vehicle',
  editTitle: 'Edit Vehicle',
  save: 'Save Vehicle',
  saving: 'Saving...',
  next: 'Next',
  back: 'Back',
  cancel: 'Cancel',
  rental: 'This is a rental vehicle',
  empty: 'You have no vehicles on your account yet.',
  emptyHint: 'Add the vehicles you park with to activate parking by plate in seconds.',
  removeTitle: 'Remove Vehicle',
  removeText: (plate: string) => `Remove the vehicle with license plate ${plate} from your account?`,
  remove: 'Remove',
  notFound: 'This vehicle is not on your account.',
  loadFailed: 'Your vehicles could not be loaded. Please try again later.',
  parkedNow: 'Parked now',
  /** A vehicle saved with its plate only (decision 0111). */
  noDetails: 'No details yet (year, make, model and color are optional)',
  /** The wizard's way to the optional details, from its first step. */
  addDetails: 'Add year, make, model, color',
  optional: '(optional)',
} as const;

export type VehicleAlert = { title: string; message: string; hasContactLink?: boolean };

export const offlineVehicleAlert = (): VehicleAlert | undefined =>
  typeof navigator !== 'undefined' && navigator.onLine === false ? { title: VEHICLE_TEXT.networkTitle, message: VEHICLE_TEXT.networkText } : undefined;

/** Saving: no answer → Network Problem; a duplicate plate → the spec's text with a contact link; else "not able to save". */
export function saveErrorAlert(error: unknown): VehicleAlert {
  if (error instanceof NetworkError) return { title: VEHICLE_TEXT.networkTitle, message: VEHICLE_TEXT.networkText };
  if (error instanceof ApiError && error.status === 409) return { title: VEHICLE_TEXT.errorTitle, message: VEHICLE_MESSAGES.alreadyRegistered, hasContactLink: true };
  return { title: VEHICLE_TEXT.errorTitle, message: VEHICLE_MESSAGES.saveFailed };
}

/** Removing (spec 2 §8 generic error alert): network alert, the server's message, else the system alert. */
export function removeErrorAlert(error: unknown): VehicleAlert {
  if (error instanceof NetworkError) return { title: VEHICLE_TEXT.networkTitle, message: VEHICLE_TEXT.networkText };
  if (error instanceof ApiError && error.status < 500 && error.message) return { title: VEHICLE_TEXT.errorTitle, message: error.message };
  return { title: VEHICLE_TEXT.systemTitle, message: VEHICLE_TEXT.systemText };
}
