/**
 * The camera side of the ticket QR scanner: opens the camera with getUserMedia and, every ~150 ms,
 * decodes one view of the current frame, cycling through three views (frameViews) so each frame
 * costs one decode: the whole frame at most 640 px wide; its central half enlarged up to 2× (a
 * small or distant code gets twice the pixels per module; the driver aims at the centre); and the
 * whole frame at ¾ of that size (the scaling averages away print grain and wrinkle noise that
 * breaks the binarizer: 120 → 122 of the 132 real photos, README "Ticket QR on real photos").
 * The browser's own BarcodeDetector decodes when it has one for QR codes (Chrome on Android);
 * otherwise the zxing decoder shared with the accuracy test (qr-scanner.ts). The camera is asked
 * for 4:3 like the phone's sensor: a 16:9 request can be met by cropping the top and bottom of a
 * 4:3 picture, cutting a large code, and a frame bigger than 640 px was only scaled down again. Torch through the track's constraints
 * when the camera reports one; a specific camera by deviceId (the switch button).
 */
import { loadQrDecoder } from './qr-scanner';

export type QrCameraSession = { stop: () => void; setTorch?: (isOn: boolean) => Promise<void> };
export type CameraDevice = { deviceId: string; label: string };

const FRAME_INTERVAL_MS = 150;
const MAX_VIEW_WIDTH = 640;
const MAX_CENTRE_ZOOM = 2;
const REDUCED_WHOLE_SCALE = 0.75;

export const QR_CAMERA_VIDEO: MediaTrackConstraints = { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 960 } };

/** A part of the video frame (source pixels) and the size it is drawn at for decoding. */
export type FrameView = { sx: number; sy: number; sw: number; sh: number; width: number; height: number };

/**
 * The views tried in turn, one a frame: the whole frame (≤ 640 px wide), its central half (zoomed
 * ≤ 2×, ≤ 640 px wide), and the whole frame again at ¾ of the first view's size.
 */
export function frameViews(videoWidth: number, videoHeight: number): FrameView[] {
  const whole = Math.min(1, MAX_VIEW_WIDTH / videoWidth);
  const sw = Math.round(videoWidth / 2);
  const sh = Math.round(videoHeight / 2);
  const zoom = Math.min(MAX_CENTRE_ZOOM, MAX_VIEW_WIDTH / sw);
  const wholeAt = (scale: number): FrameView => ({ sx: 0, sy: 0, sw: videoWidth, sh: videoHeight, width: Math.round(videoWidth * scale), height: Math.round(videoHeight * scale) });
  return [
    wholeAt(whole),
    { sx: Math.round((videoWidth - sw) / 2), sy: Math.round((videoHeight - sh) / 2), sw, sh, width: Math.round(sw * zoom), height: Math.round(sh * zoom) },
    wholeAt(whole * REDUCED_WHOLE_SCALE),
  ];
}

type NativeDetector = { detect: (source: CanvasImageSource) => Promise<{ rawValue: string }[]> };
type NativeDetectorClass = { new (options: { formats: string[] }): NativeDetector; getSupportedFormats?: () => Promise<string[]> };

/** The browser's BarcodeDetector for QR codes, or undefined where there is none (desktop Chrome on Linux, Firefox, Safari). */
async function nativeQrDetector(): Promise<NativeDetector | undefined> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return undefined;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? [];
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : undefined;
  } catch {
    return undefined;
  }
}

/** One decoder for canvases: native when the browser has one, zxing otherwise. */
async function loadCanvasDecoder(): Promise<(canvas: HTMLCanvasElement, context: CanvasRenderingContext2D) => Promise<string | undefined>> {
  const native = await nativeQrDetector();
  if (native) return async (canvas) => (await native.detect(canvas).catch(() => []))[0]?.rawValue;
  const decode = await loadQrDecoder();
  return async (canvas, context) => decode(toLuminance(context.getImageData(0, 0, canvas.width, canvas.height).data), canvas.width, canvas.height);
}

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
    loadCanvasDecoder(),
    navigator.mediaDevices.getUserMedia({ audio: false, video: deviceId ? { deviceId: { exact: deviceId } } : QR_CAMERA_VIDEO }),
  ]);
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play().catch(() => undefined);

  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  let isStopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let turn = 0;
  const tick = async () => {
    if (isStopped) return;
    if (context && video.readyState >= 2 && video.videoWidth > 0) {
      const views = frameViews(video.videoWidth, video.videoHeight);
      const view = views[turn % views.length] as FrameView;
      turn += 1;
      canvas.width = view.width;
      canvas.height = view.height;
      context.drawImage(video, view.sx, view.sy, view.sw, view.sh, 0, 0, view.width, view.height);
      const text = await decode(canvas, context);
      if (text !== undefined && !isStopped) onText(text);
    }
    if (!isStopped) timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
  };
  void tick();

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
