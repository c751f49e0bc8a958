/** Park-and-pay texts (spec 3 §2, §4, §8), in one catalogue. */
import { LOCATION_NOT_FOUND_TEXT } from './lot-code';

export const PARK_TEXT = {
  locationNotFound: LOCATION_NOT_FOUND_TEXT,
  plateWarningTitle: 'License Plate Warning',
  /**
   * Shown only when no ticket for the plate is found at this lot (reservation-payment.tsx). The
   * spec quotes the popup's opening only (§8: "We couldn't find a license plate match for this
   * parking session..."); the rest says in plain words what Continue does: parking from now, at
   * least the lot's minimum rate, checked against the entrance records (§4, server
   * ticket-events/entry). The ticket flows keep their own wording (contract/plate-mismatch.ts).
   */
  plateWarningText:
    "We couldn't find a license plate match for this parking session. If you continue, your parking starts now and you pay at least the lot's minimum rate. We check sessions like this against the entrance records.",
  costAtExit: 'Total cost to be determined at exit',
  /** A paid ticket on the session and in Digital Tickets: "Paid · exit by 11:59 PM". */
  paidExitBy: (time: string) => `Paid · exit by ${time}`,
  /** After a forced sign-out, on the gate pages that still show the saved ticket and pass. */
  signedOutKept: 'You are signed out. Your ticket and exit pass stay on this device; sign in again to pay or make changes.',
  chargesNotSaved: 'Not saved on this device',
  findReservationIncomplete: 'Please select a service and enter a reservation number',
  prepaidQuestion: 'Do you have a prepaid reservation?',
  noVehicles: 'No Vehicles found',
  networkTitle: 'Network Problem',
  networkText: 'Your device appears to be offline. Please enable your network connection and try again.',
  systemTitle: 'System Error',
  systemText: 'Our system could not process this request. Please use the self-serve payment machines or see an attendant at the parking location.',
  startOverTitle: 'Start Over',
  startOverText: 'Do you want to start over? The vehicle and reservation you chose will be cleared.',
  couponFailure: 'We are sorry! Our system is unable to process your request at the moment. Please try again after few seconds.',
  discountApplied: (code: string) => `Discount ${code} applied.`,
  discountCoversAll: 'Your parking is fully covered by the discount.',
  reservationNotFound: 'We could not find a reservation with that number for this service.',
} as const;
