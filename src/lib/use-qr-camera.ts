/**
 * Runs the camera QR scanner (qr-camera.ts with zxing, both loaded lazily) on a <video> while
 * `isActive`; exposes the cameras for a switch and the torch when the track has one. Reports
 * 'unavailable' when there is no camera API, no camera or no permission: typing stays available.
 * Shared by every screen that scans a QR (the ticket scanner, Scan Discount).
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

export type QrCameraStatus = 'starting' | 'live' | 'unavailable';
type Camera = { deviceId: string; label: string };
type Session = { stop: () => void; setTorch?: (isOn: boolean) => Promise<void> };

export function useQrCamera(isActive: boolean, onText: (text: string) => void) {
  const videoRef: RefObject<HTMLVideoElement | null> = useRef<HTMLVideoElement | null>(null);
  const [status, setStatus] = useState<QrCameraStatus>('starting');
  const [cameras, setCameras] = useState<Camera[]>([]);
  const [deviceId, setDeviceId] = useState<string>();
  const [session, setSession] = useState<Session>();
  const [isTorchOn, setIsTorchOn] = useState(false);
  const onTextRef = useRef(onText);
  onTextRef.current = onText;

  useEffect(() => {
    const video = videoRef.current;
    if (!isActive || !video) return undefined;
    if (!globalThis.navigator?.mediaDevices?.getUserMedia) {
      setStatus('unavailable');
      return undefined;
    }
    let isCancelled = false;
    let started: Session | undefined;
    setStatus('starting');
    import('./qr-camera')
      .then(async (scanner) => {
        const next = await scanner.startQrCamera(video, (text) => onTextRef.current(text), deviceId);
        if (isCancelled) return next.stop();
        started = next;
        setSession(next);
        setIsTorchOn(false);
        setStatus('live');
        setCameras(await scanner.listCameras().catch(() => []));
      })
      .catch(() => {
        if (!isCancelled) setStatus('unavailable');
      });
    return () => {
      isCancelled = true;
      started?.stop();
      setSession(undefined);
    };
  }, [isActive, deviceId]);

  const switchCamera = () => {
    if (cameras.length < 2) return;
    const index = cameras.findIndex((camera) => camera.deviceId === deviceId);
    setDeviceId(cameras[(index + 1) % cameras.length]?.deviceId);
  };
  const toggleTorch = session?.setTorch
    ? () => {
        const next = !isTorchOn;
        void session.setTorch?.(next).then(() => setIsTorchOn(next), () => undefined);
      }
    : undefined;

  return { videoRef, status, canSwitchCamera: cameras.length > 1, switchCamera, toggleTorch, isTorchOn };
}
