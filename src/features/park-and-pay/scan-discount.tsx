/**
 * Scan Discount on the session screen (spec 3 §2 "Session": "Scan Discount (camera capture)"):
 * the camera reads a merchant's validation or discount QR on the device (src/lib/use-qr-camera.ts,
 * zxing loaded only when the panel opens), or the driver types the code. The coupon is applied to
 * the session's ticket through the ticket service; the session's charges are then reloaded, so
 * "Current charges" shows the discounted amount. Failures show the server's message, else the
 * spec's coupon failure text (spec 3 §8).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { COUPON_CODE_MAX_LENGTH } from '../../contract/promotions';
import type { RetrieveCarSession } from '../../contract/tickets';
import { useQrCamera } from '../../lib/use-qr-camera';
import { CodeInput, FieldError } from '../../ui/code-input';
import { offlineAlert, type ActionAlert } from './action-alert';
import { applyDiscount } from './discount-api';
import { couponFailure, parseDiscountCode } from './discount-code';
import { garageKeys } from './garage-api';
import { AlertDialog } from './park-dialog';

type Props = { ticketNumber: string; onApplied: (session: RetrieveCarSession) => void; onClose: () => void };

/** The open panel: camera preview, typed code, Apply. Closing it (or unmounting) stops the camera. */
export function ScanDiscountPanel({ ticketNumber, onApplied, onClose }: Props) {
  const id = useId();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string>();
  const [alert, setAlert] = useState<ActionAlert>();
  const [isBusy, setIsBusy] = useState(false);
  const isApplying = useRef(false);

  const apply = async (code: string) => {
    if (isApplying.current) return;
    const offline = offlineAlert();
    if (offline) return setAlert(offline);
    isApplying.current = true;
    setIsBusy(true);
    try {
      const session = await applyDiscount(ticketNumber, code);
      await queryClient.invalidateQueries({ queryKey: garageKeys.tickets });
      onApplied(session);
    } catch (error: unknown) {
      setAlert(couponFailure(error));
    } finally {
      isApplying.current = false;
      setIsBusy(false);
    }
  };

  // The camera pauses while a code is being applied or an alert is open, so one QR is used once.
  const camera = useQrCamera(!isBusy && !alert, (text) => {
    const result = parseDiscountCode(text);
    if (result.ok) void apply(result.code);
    else setAlert({ title: 'Invalid QR Code', message: result.message });
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = parseDiscountCode(typed);
    if (!result.ok) return setTypedError(result.message);
    void apply(result.code);
  };

  return (
    <section className="park-discount" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Scan Discount</h2>
      <div className="park-discount__viewport">
        <video ref={camera.videoRef} muted playsInline aria-label="Camera preview" />
      </div>
      <p className="park-discount__status" role="status">
        {isBusy && 'Applying the discount...'}
        {!isBusy && camera.status === 'starting' && 'Starting the camera…'}
        {!isBusy && camera.status === 'live' && 'Point the camera at the validation or discount QR code.'}
        {!isBusy && camera.status === 'unavailable' && 'The camera is not available. Type the discount code below.'}
      </p>
      <form className="park-form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-code`}>Or type the discount code</label>
        <CodeInput
          id={`${id}-code`}
          name="discountCode"
          value={typed}
          maxLength={COUPON_CODE_MAX_LENGTH + 10}
          error={typedError}
          onValueChange={(value) => (setTyped(value), setTypedError(undefined))}
        />
        <FieldError inputId={`${id}-code`} error={typedError} />
        <div className="park-session__actions">
          <button type="submit" className="button" disabled={isBusy}>{isBusy ? 'Applying...' : 'Apply Discount'}</button>
          <button type="button" className="button button--secondary" onClick={onClose}>Cancel</button>
        </div>
      </form>
      {alert && <AlertDialog title={alert.title} message={alert.message} onClose={() => setAlert(undefined)} />}
    </section>
  );
}
