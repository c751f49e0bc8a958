/**
 * The rear camera at 640×480 (480×640 held upright) through plain getUserMedia. Reports
 * 'unavailable' at once when the browser has no camera API, no camera, or the driver refuses
 * permission, so the screen can offer typing instead. Tracks are stopped when not wanted.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

export type CameraStatus = 'starting' | 'live' | 'unavailable';

export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: 'environment', width: { ideal: 640 }, height: { ideal: 480 } },
};

export function useCamera(isWanted: boolean): { videoRef: RefObject<HTMLVideoElement | null>; status: CameraStatus } {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [status, setStatus] = useState<CameraStatus>('starting');

  useEffect(() => {
    if (!isWanted) return undefined;
    let stream: MediaStream | undefined;
    let isCancelled = false;
    const video = videoRef.current;
    const getUserMedia = globalThis.navigator?.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices);
    if (!getUserMedia) {
      setStatus('unavailable');
      return undefined;
    }
    setStatus('starting');
    getUserMedia(CAMERA_CONSTRAINTS)
      .then(async (granted) => {
        if (isCancelled) {
          granted.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = granted;
        if (video) {
          video.srcObject = granted;
          video.muted = true;
          video.playsInline = true;
          await video.play().catch(() => undefined);
        }
        setStatus('live');
      })
      .catch(() => {
        if (!isCancelled) setStatus('unavailable');
      });
    return () => {
      isCancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
      if (video) video.srcObject = null;
    };
  }, [isWanted]);

  return { videoRef, status };
}
