/**
 * The ticket QR scanner (spec 3 §2 "QR scanner", §5 "QR code"): the camera decodes on the device
 * (works offline), typed entry is always available, torch and camera switch appear when the
 * device has them. A valid ticket number leads to the type's target; anything else shows the
 * "Invalid QR Code" alert and scanning resumes when it is closed.
 */
import { useRouter } from '@tanstack/react-router';
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { parseTicketNumber, parseTypedTicketNumber, TICKET_MESSAGES, TYPED_TICKET_MAX_LENGTH } from '../../contract/tickets';
import type { ScanType } from './scan-search';
import { scanBackTarget, scanTarget } from './scan-targets';
import { useQrCamera } from '../../lib/use-qr-camera';
import { useIsGuest } from '../tickets/pay-link';
import { CodeInput, FieldError } from '../../ui/code-input';
import { AlertModal } from '../../ui/modal-dialog';
import './qr-scan.css';

export type QrScannerScreenProps = { type: ScanType; reservationNumber?: string; title: string };

function InvalidQrDialog({ onClose }: { onClose: () => void }) {
  return <AlertModal title={TICKET_MESSAGES.invalidQrTitle} message={TICKET_MESSAGES.invalidQrText} onClose={onClose} />;
}

export function QrScannerScreen({ type, reservationNumber, title }: QrScannerScreenProps) {
  const router = useRouter();
  const id = useId();
  const [isInvalid, setIsInvalid] = useState(false);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string>();
  const isDone = useRef(false);
  const isGuest = useIsGuest();

  const accept = useCallback(
    (value: string, source: 'scan' | 'typed') => {
      if (isDone.current) return;
      // A typed number gets field messages; "Invalid QR Code" is for what the camera read.
      const result = source === 'typed' ? parseTypedTicketNumber(value) : parseTicketNumber(value);
      if (result.ok) {
        isDone.current = true;
        void router.navigate({ href: scanTarget(type, result.ticketNumber, reservationNumber, isGuest) });
      } else if (source === 'typed') {
        setTypedError(result.message);
      } else {
        setIsInvalid(true);
      }
    },
    [router, type, reservationNumber, isGuest],
  );
  const camera = useQrCamera(!isInvalid, (text) => accept(text, 'scan'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept(typed, 'typed');
  };

  return (
    <section className="qr-scan">
      <h1>{title}</h1>
      <div className="qr-scan__viewport">
        <video ref={camera.videoRef} muted playsInline aria-label="Camera preview" />
        <div className="qr-scan__frame" aria-hidden="true" />
        <p className="qr-scan__status" role="status">
          {camera.status === 'starting' && 'Starting the camera…'}
          {camera.status === 'live' && 'Point the camera at the QR code on your ticket.'}
          {camera.status === 'unavailable' && 'The camera is not available. Type the ticket number below.'}
        </p>
      </div>
      {(camera.canSwitchCamera || camera.toggleTorch) && (
        <div className="qr-scan__tools">
          {camera.canSwitchCamera && (
            <button type="button" className="button button--secondary" onClick={camera.switchCamera}>
              Switch Camera
            </button>
          )}
          {camera.toggleTorch && (
            <button type="button" className="button button--secondary" aria-pressed={camera.isTorchOn} onClick={camera.toggleTorch}>
              {camera.isTorchOn ? 'Flashlight Off' : 'Flashlight On'}
            </button>
          )}
        </div>
      )}
      <form className="qr-scan__form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-typed`}>Or type the ticket number</label>
        <div className="qr-scan__row">
          <CodeInput
            id={`${id}-typed`}
            name="ticketNumber"
            value={typed}
            maxLength={TYPED_TICKET_MAX_LENGTH}
            error={typedError}
            onValueChange={(value) => (setTyped(value), setTypedError(undefined))}
          />
          <button type="submit" className="button">
            Continue
          </button>
        </div>
        <FieldError inputId={`${id}-typed`} error={typedError} />
      </form>
      <button type="button" className="button button--ghost" onClick={() => void router.navigate({ href: scanBackTarget(type, reservationNumber) })}>
        Back
      </button>
      {isInvalid && <InvalidQrDialog onClose={() => setIsInvalid(false)} />}
    </section>
  );
}
