/** Park-and-pay texts (spec 3 §2, §4, §8), in one catalogue. */
import { LOCATION_NOT_FOUND_TEXT } from './lot-code';

export const PARK_TEXT = {
  locationNotFound: LOCATION_NOT_FOUND_TEXT,
  plateWarningTitle: 'License Plate Warning',
  /**
   * The minimum-rate notice (spec 3 §4 "the minimum rate is charged with an audit review", §8),
   * in plain words and only when it applies: the activation opens a new session the driver
   * reports themselves (no ticket of theirs for the plate at this lot, flow-rules.ts
   * opensReportedSession). Under decision 0105 that is every such activation, and the app cannot
   * tell whether the gate saw the car, so it says what happens — not that a match failed. Shown on
   * the activation screen above the button, so reading it costs no tap (decision 0111).
   */
  reportedSessionNotice:
    "Your parking starts when you tap Activate Parking. You pay this lot's minimum rate when you leave, and we check the plate against the garage's entrance records.",
  /**
   * The License Plate Warning popup, now only a fallback: the notice above was not shown (a
   * ticket of the driver's own was listed) but none is found on Activate. The spec's opening
   * (§8: "We couldn't find a license plate match for this parking session..."), then the notice.
   */
  plateWarningText:
    "We couldn't find a license plate match for this parking session. If you continue, your parking starts now, you pay this lot's minimum rate when you leave, and we check the plate against the garage's entrance records.",
  changeVehicle: 'Change vehicle',
  findReservation: 'Find Reservation',
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
