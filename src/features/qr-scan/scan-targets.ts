/**
 * Where a scan leads and where Back goes, per scanner type (spec 3 §2 "QR scanner"). The spec's
 * three types are redeem-choose, redeem-commit and pay-for-parking; `choose` (the /leavefast/scan
 * default: "Retrieve, Pay, or Redeem") and `retrieve` (/retrieve-car/scan) are the two entry
 * screens' own scanners. Targets are plain paths so the screen navigates with `href`.
 */
import type { ScanType } from './scan-search';

const segment = encodeURIComponent;

/**
 * The screen a valid ticket number leads to. redeem-commit without a reservation falls back to
 * choose. A signed-out driver paying for parking lands on the guest payment (decision 0109), which
 * offers signing in beside it: the signed-in review would only send them to sign in first.
 */
export function scanTarget(type: ScanType, ticketNumber: string, reservationNumber?: string, isGuest = false): string {
  switch (type) {
    case 'redeem-choose':
      return `/my-account/reservations?ticketNumber=${segment(ticketNumber)}`;
    case 'redeem-commit':
      return reservationNumber
        ? `/leavefast/ticket/${segment(ticketNumber)}/redeem/${segment(reservationNumber)}`
        : `/leavefast/choose/${segment(ticketNumber)}`;
    case 'pay-for-parking':
      return isGuest ? `/pay-for-parking?ticket=${segment(ticketNumber)}` : `/pay-for-parking/${segment(ticketNumber)}`;
    case 'choose':
      return `/leavefast/choose/${segment(ticketNumber)}`;
    case 'retrieve':
      return `/retrieve-car/${segment(ticketNumber)}`;
  }
}

/** Back: leavefast, leavefast with the reservation, pay-for-parking, or Home (spec 3 §2). */
export function scanBackTarget(type: ScanType | undefined, reservationNumber?: string): string {
  switch (type) {
    case 'redeem-choose':
    case 'choose':
      return '/leavefast';
    case 'redeem-commit':
      return reservationNumber ? `/leavefast?reservationNumber=${segment(reservationNumber)}` : '/leavefast';
    case 'pay-for-parking':
      return '/pay-for-parking';
    case 'retrieve':
      return '/retrieve-car';
    case undefined:
      return '/';
  }
}
