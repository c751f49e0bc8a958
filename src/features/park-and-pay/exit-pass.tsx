/** The exit pass: the ticket's QR drawn on the device from the stored payload (no network needed). */
import { useMemo } from 'react';
import type { ExitPassRecord } from '../../lib/offline-store';
import { exitPassQr } from './exit-pass-qr';

export function ExitPass({ pass }: { pass: ExitPassRecord }) {
  const qr = useMemo(() => exitPassQr(pass.qrText), [pass.qrText]);
  const quiet = 4;
  const box = qr.size + quiet * 2;
  return (
    <figure className="park-exit-pass" aria-label={`Exit pass for ticket ${pass.ticketNumber}`}>
      <svg viewBox={`${-quiet} ${-quiet} ${box} ${box}`} width="240" height="240" role="img" aria-label={`QR code ${pass.ticketNumber}`} shapeRendering="crispEdges">
        <rect x={-quiet} y={-quiet} width={box} height={box} fill="#fff" />
        <path d={qr.path} fill="#000" />
      </svg>
      <figcaption>
        Ticket <strong>{pass.ticketNumber}</strong> · {pass.licensePlate}
        <br />
        {pass.address}
      </figcaption>
    </figure>
  );
}
