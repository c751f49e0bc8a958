/**
 * The camera plate scan (issue 5's scan step, issue 8): reads frames continuously (~2 a second)
 * until two consecutive frames agree, or the driver taps "Use this frame"; then the confirm
 * step. With no camera or no permission it calls `onTypeInstead` at once. `recognize` defaults
 * to POST /plates/api/recognize through the API client; a route or a test may inject another.
 */
import { useCallback, useEffect, useState } from 'react';
import { PlateConfirm } from './plate-confirm';
import { PLATE_SCAN_TEXT as TEXT } from './plate-scan-messages';
import { recognizePlate, type RecognizePlate } from './plates-api';
import { useCamera } from './use-camera';
import { useFrameReader, type CapturedFrame } from './use-frame-reader';
import './plate-scan.css';

export type PlateScannerProps = {
  /** Called only when the driver confirms a plate (upper case, A–Z0–9, 1–10). */
  onConfirm: (plate: string) => void;
  onTypeInstead: () => void;
  recognize?: RecognizePlate;
};

type Step = { name: 'scanning' } | { name: 'confirm'; frame: CapturedFrame; isReading: boolean; attempt: number };

export function PlateScanner({ onConfirm, onTypeInstead, recognize = recognizePlate }: PlateScannerProps) {
  const [step, setStep] = useState<Step>({ name: 'scanning' });
  const isScanning = step.name === 'scanning';
  const { videoRef, status } = useCamera(isScanning);

  const onAgreed = useCallback((frame: CapturedFrame) => {
    setStep((current) => ({ name: 'confirm', frame, isReading: false, attempt: current.name === 'confirm' ? current.attempt + 1 : 0 }));
  }, []);
  const { lastError, isNothingFound, grabCurrentFrame } = useFrameReader({ videoRef, isActive: isScanning && status === 'live', recognize, onAgreed });

  useEffect(() => {
    if (status === 'unavailable') onTypeInstead();
  }, [status, onTypeInstead]);

  const readThisFrame = () => {
    const frame = grabCurrentFrame();
    if (!frame) return;
    const attempt = Date.now();
    setStep({ name: 'confirm', frame, isReading: true, attempt });
    recognize(frame.dataUrl)
      .then((response) => ({ ...frame, response }))
      .catch(() => frame)
      .then((read) =>
        setStep((current) => (current.name === 'confirm' && current.attempt === attempt ? { ...current, frame: read, isReading: false } : current)),
      );
  };

  if (step.name === 'confirm') {
    return (
      <PlateConfirm
        key={step.isReading ? 'reading' : `read-${step.attempt}`}
        frame={step.frame}
        isReading={step.isReading}
        onConfirm={onConfirm}
        onRetake={() => setStep({ name: 'scanning' })}
        onTypeInstead={onTypeInstead}
      />
    );
  }

  return (
    <section className="plate-scan" aria-labelledby="plate-scan-title">
      <h2 id="plate-scan-title">{TEXT.title}</h2>
      <div className="plate-scan__frame plate-scan__frame--live">
        <video ref={videoRef} muted playsInline autoPlay aria-label="Camera view" />
        <div className="plate-scan__guide" aria-hidden="true" />
      </div>
      <p className="plate-scan__hint" role="status" aria-live="polite">
        {status === 'starting' ? TEXT.starting : lastError ? TEXT.readFailed : isNothingFound ? TEXT.noPlateYet : TEXT.hint}
      </p>
      <div className="plate-scan__actions">
        <button type="button" className="button" onClick={readThisFrame} disabled={status !== 'live'}>
          {TEXT.useThisFrame}
        </button>
        <button type="button" className={isNothingFound ? 'button button--secondary' : 'link-button'} onClick={onTypeInstead}>
          {TEXT.typeInstead}
        </button>
      </div>
    </section>
  );
}
