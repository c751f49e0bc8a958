/**
 * The exit pass at the gate: a ticket's QR, drawn on the device from its matrix (no network
 * needed). Built for a phone held to a scanner: the code is as large as the screen allows (80 %
 * of the width, 60 % of the height, at most 26 rem) and scrolled fully into view when it opens;
 * the ticket number wraps at any text size; the screen stays on (wake lock) and a line suggests
 * raising the brightness, which a web page cannot do. While it is shown an update never reloads
 * the page (src/lib/update-holds.ts). The session page and the start URL both draw it.
 */
import { useEffect, useRef } from 'react';
import type { QrMatrix } from '../lib/qr-code';
import { useUpdateHold } from '../lib/update-holds';
import { useWakeLock } from '../lib/use-wake-lock';
import './exit-pass.css';

/** Not spec text: our hint at the gate (a page cannot set the brightness itself). */
export const BRIGHTNESS_HINT = 'Turn your screen brightness up so the gate can read the code.';

export type ExitPassFigureProps = { ticketNumber: string; licensePlate: string; address: string; qr: QrMatrix };

export function ExitPassFigure({ ticketNumber, licensePlate, address, qr }: ExitPassFigureProps) {
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
    <figure ref={figureRef} className="exit-pass" aria-label={`Exit pass for ticket ${ticketNumber}`}>
      <svg className="exit-pass__qr" viewBox={`${-quiet} ${-quiet} ${box} ${box}`} role="img" aria-label={`QR code ${ticketNumber}`} shapeRendering="crispEdges">
        <rect x={-quiet} y={-quiet} width={box} height={box} fill="#fff" />
        <path d={qr.path} fill="#000" />
      </svg>
      <figcaption>
        Ticket <strong className="exit-pass__number">{ticketNumber}</strong>{licensePlate && ` · ${licensePlate}`}
        {address && <><br />{address}</>}
        <span className="exit-pass__hint">{BRIGHTNESS_HINT}</span>
      </figcaption>
    </figure>
  );
}
