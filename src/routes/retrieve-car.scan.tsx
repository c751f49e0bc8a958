import { createFileRoute } from '@tanstack/react-router';
import { QrScannerScreen } from '../features/qr-scan/qr-scanner-screen';
import { parseScanSearch } from '../features/qr-scan/scan-search';
import { titledHead } from '../lib/head';

const TITLE = 'Scan Ticket';

export const Route = createFileRoute('/retrieve-car/scan')({
  head: titledHead(TITLE),
  validateSearch: parseScanSearch,
  component: function RetrieveCarScan() {
    const { type, reservationNumber } = Route.useSearch();
    return <QrScannerScreen title={TITLE} type={type ?? 'retrieve'} reservationNumber={reservationNumber} />;
  },
});
