/**
 * The session's exit pass: the stored pass drawn by the shared figure (src/ui/exit-pass-figure.tsx),
 * its QR matrix from the device's copy or encoded now (src/lib/exit-pass-qr.ts).
 */
import { useMemo } from 'react';
import { exitPassQr } from '../../lib/exit-pass-qr';
import type { ExitPassRecord } from '../../lib/offline-store';
import { ExitPassFigure } from '../../ui/exit-pass-figure';

export function ExitPass({ pass }: { pass: ExitPassRecord }) {
  const qr = useMemo(() => exitPassQr(pass.qrText), [pass.qrText]);
  return <ExitPassFigure ticketNumber={pass.ticketNumber} licensePlate={pass.licensePlate} address={pass.address} qr={qr} />;
}
