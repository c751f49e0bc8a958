/**
 * The exit pass at the gate: the ticket's QR drawn on the device from the stored payload (no
 * network needed). Built for a phone held to a scanner: the code is as large as the screen allows
 * (80 % of the width, 60 % of the height, at most 26 rem) and scrolled fully into view when the
 * pass opens; the ticket number wraps at any text size; the screen stays on (wake lock) and a
 * line suggests raising the brightness, which a web page cannot do. While the pass is open an
 * update never reloads the page (src/lib/update-holds.ts).
 */
import { useEffect, useMemo, useRef } from 'react';
import type { ExitPassRecord } from '../../lib/offline-store';
import { useUpdateHold } from '../../lib/update-holds';
import { useWakeLock } from '../../lib/use-wake-lock';
import { exitPassQr } from './exit-pass-qr';

/** Not spec text: our hint at the gate (a page cannot set the brightness itself). */
export const BRIGHTNESS_HINT = 'Turn your screen brightness up so the gate can read the code.';

export function ExitPass({ pass }: { pass: ExitPassRecord }) {
  const qr = useMemo(() => exitPassQr(pass.qrText), [pass.qrText]);
  const figureRef = useRef<HTMLElement>(null);
  useUpdateHold('exit-pass');
  useWakeLock();
  // Braces: newer browsers return a promise from scrollIntoView, and an effect may return only a cleanup.
  useEffect(() => {
    void figureRef.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  const quiet = 4;
  const box = qr.size + quiet * 2;
  return (
    <figure ref={figureRef} className="park-exit-pass" aria-label={`Exit pass for ticket ${pass.ticketNumber}`}>
      <svg className="park-exit-pass__qr" viewBox={`${-quiet} ${-quiet} ${box} ${box}`} role="img" aria-label={`QR code ${pass.ticketNumber}`} shapeRendering="crispEdges">
        <rect x={-quiet} y={-quiet} width={box} height={box} fill="#fff" />
        <path d={qr.path} fill="#000" />
      </svg>
      <figcaption>
        Ticket <strong className="park-exit-pass__number">{pass.ticketNumber}</strong> · {pass.licensePlate}
        <br />
        {pass.address}
        <span className="park-exit-pass__hint">{BRIGHTNESS_HINT}</span>
      </figcaption>
    </figure>
  );
}
