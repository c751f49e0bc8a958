/**
 * Reads camera frames continuously while the camera is live: every ~500 ms (never two requests
 * at once) the current video frame goes to a canvas, to JPEG base64, to the plate reader. When
 * two consecutive frames agree (frame-agreement.ts) it hands over that frame with its reading.
 * After NOTHING_FOUND_AFTER frames in a row with no plate (the server proposes none for a QR
 * code, a wall or a face) it says so, so the screen can offer typing instead of waiting.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { RecognizeResponse } from '../../contract/plates';
import { INITIAL_AGREEMENT, observeFrame, type AgreementState } from './frame-agreement';
import type { RecognizePlate } from './plates-api';

export const FRAME_INTERVAL_MS = 500;
const JPEG_QUALITY = 0.85;
/** ~1.5 s of frames without a plate. */
export const NOTHING_FOUND_AFTER = 3;

export type CapturedFrame = { dataUrl: string; width: number; height: number; response: RecognizeResponse | null };

function grabFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement): Omit<CapturedFrame, 'response'> | null {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) return null;
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, 0, 0, width, height);
  return { dataUrl: canvas.toDataURL('image/jpeg', JPEG_QUALITY), width, height };
}

export function useFrameReader(options: {
  videoRef: RefObject<HTMLVideoElement | null>;
  isActive: boolean;
  recognize: RecognizePlate;
  onAgreed: (frame: CapturedFrame) => void;
}) {
  const { videoRef, isActive, recognize, onAgreed } = options;
  const [lastError, setLastError] = useState<unknown>(null);
  const [isReading, setIsReading] = useState(false);
  const [framesWithoutPlate, setFramesWithoutPlate] = useState(0);
  const onAgreedRef = useRef(onAgreed);
  onAgreedRef.current = onAgreed;

  useEffect(() => {
    if (!isActive) return undefined;
    const canvas = document.createElement('canvas');
    const controller = new AbortController();
    let agreement: AgreementState = INITIAL_AGREEMENT;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isStopped = false;

    const tick = async () => {
      const started = Date.now();
      const video = videoRef.current;
      const frame = video ? grabFrame(video, canvas) : null;
      if (frame) {
        setIsReading(true);
        try {
          const response = await recognize(frame.dataUrl, controller.signal);
          if (isStopped) return;
          setLastError(null);
          setFramesWithoutPlate((count) => (response.results.length === 0 ? count + 1 : 0));
          const step = observeFrame(agreement, response);
          agreement = step.state;
          if (step.agreedPlate) {
            isStopped = true;
            onAgreedRef.current({ ...frame, response });
            return;
          }
        } catch (error: unknown) {
          if (isStopped) return;
          agreement = INITIAL_AGREEMENT;
          setLastError(error);
        } finally {
          if (!isStopped) setIsReading(false);
        }
      }
      if (!isStopped) timer = setTimeout(() => void tick(), Math.max(0, FRAME_INTERVAL_MS - (Date.now() - started)));
    };
    timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);

    return () => {
      isStopped = true;
      controller.abort();
      if (timer) clearTimeout(timer);
      setIsReading(false);
      setFramesWithoutPlate(0);
    };
  }, [isActive, recognize, videoRef]);

  /** The video frame showing now (for "Use this frame"); the caller reads it. */
  const grabCurrentFrame = useCallback((): CapturedFrame | null => {
    const video = videoRef.current;
    const frame = video ? grabFrame(video, document.createElement('canvas')) : null;
    return frame ? { ...frame, response: null } : null;
  }, [videoRef]);

  return { lastError, isReading, isNothingFound: framesWithoutPlate >= NOTHING_FOUND_AFTER, grabCurrentFrame };
}
