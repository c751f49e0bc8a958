/**
 * The camera side of the ticket QR scanner: opens the camera with getUserMedia, draws a frame
 * every ~150 ms onto a canvas (at most 640 px wide), turns it grey and decodes it with the same
 * zxing decoder as the accuracy test (qr-scanner.ts). Torch through the track's constraints when
 * the camera reports one; a specific camera by deviceId (the switch button).
 */
import { loadQrDecoder } from './qr-scanner';

export type QrCameraSession = { stop: () => void; setTorch?: (isOn: boolean) => Promise<void> };
export type CameraDevice = { deviceId: string; label: string };

const FRAME_INTERVAL_MS = 150;
const MAX_FRAME_WIDTH = 640;

export async function listCameras(): Promise<CameraDevice[]> {
  const devices = await navigator.mediaDevices.enumerateDevices();
  return devices
    .filter((device) => device.kind === 'videoinput')
    .map((device, index) => ({ deviceId: device.deviceId, label: device.label || `Camera ${index + 1}` }));
}

/** RGBA → one grey byte a pixel (ITU-R 601 weights, integer maths). */
export function toLuminance(rgba: Uint8ClampedArray): Uint8ClampedArray {
  const grey = new Uint8ClampedArray(rgba.length / 4);
  for (let pixel = 0, offset = 0; pixel < grey.length; pixel += 1, offset += 4) {
    grey[pixel] = ((rgba[offset] ?? 0) * 77 + (rgba[offset + 1] ?? 0) * 150 + (rgba[offset + 2] ?? 0) * 29) >> 8;
  }
  return grey;
}

export async function startQrCamera(video: HTMLVideoElement, onText: (text: string) => void, deviceId?: string): Promise<QrCameraSession> {
  const [decode, stream] = await Promise.all([
    loadQrDecoder(),
    navigator.mediaDevices.getUserMedia({
      audio: false,
      video: deviceId ? { deviceId: { exact: deviceId } } : { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
    }),
  ]);
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play().catch(() => undefined);

  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  let isStopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    if (isStopped) return;
    if (context && video.readyState >= 2 && video.videoWidth > 0) {
      const scale = Math.min(1, MAX_FRAME_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      const text = decode(toLuminance(data), canvas.width, canvas.height);
      if (text !== undefined && !isStopped) onText(text);
    }
    timer = setTimeout(tick, FRAME_INTERVAL_MS);
  };
  tick();

  const track = stream.getVideoTracks()[0];
  const capabilities = track && typeof track.getCapabilities === 'function' ? (track.getCapabilities() as MediaTrackCapabilities & { torch?: boolean }) : {};
  return {
    stop: () => {
      isStopped = true;
      clearTimeout(timer);
      stream.getTracks().forEach((each) => each.stop());
      if (video.srcObject === stream) video.srcObject = null;
    },
    setTorch:
      capabilities.torch === true && track
        ? (isOn) => track.applyConstraints({ advanced: [{ torch: isOn } as MediaTrackConstraintSet] })
        : undefined,
  };
}
