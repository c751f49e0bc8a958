import { createFileRoute } from '@tanstack/react-router';
import { QrScannerScreen } from '../features/qr-scan/qr-scanner-screen';
import { parseScanSearch } from '../features/qr-scan/scan-search';
import { titledHead } from '../lib/head';

const TITLE = 'Scan Ticket';

/** The scanner of spec 3 §2; `?type=` picks the target (default: Retrieve, Pay, or Redeem). */
export const Route = createFileRoute('/leavefast/scan')({
  head: titledHead(TITLE),
  validateSearch: parseScanSearch,
  component: function LeavefastScan() {
    const { type, reservationNumber } = Route.useSearch();
    return <QrScannerScreen title={TITLE} type={type ?? 'choose'} reservationNumber={reservationNumber} />;
  },
});
