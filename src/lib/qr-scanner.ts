/**
 * The one wrapper around `@zxing/library` (STYLE.md habit 3; `@zxing/browser` is not needed: we
 * run the frame loop ourselves so the camera and the Node accuracy test decode with exactly the
 * same function). zxing is imported dynamically, so importing this module costs nothing: its chunk
 * is fetched only when a scanner starts (and is precached by the service worker, so decoding works
 * offline).
 *
 * One frame is tried up to three ways, cheapest first: as captured (local-threshold binarizer);
 * contrast-stretched (washed-out thermal print, glare); and with the global-histogram binarizer
 * (blur and wrinkles spread edges beyond the local blocks), on the stretched frame or, when the
 * frame already spans the grey range, on the frame as captured. The global try on unstretched
 * frames was added on real photos (issue 15): 117 → 120 of the 132 in tests/fixtures/qr-real as
 * 640×480 frames, 119 → 123 of the 144 drawn tickets, no misread; it costs one more attempt on a
 * frame with no code. The accuracy test and `npm run bench -- qr` report it.
 */
import type * as Zxing from '@zxing/library';

type ZxingLibrary = typeof Zxing;
type Decoder = (luminance: Uint8ClampedArray, width: number, height: number) => string | undefined;

let decoderPromise: Promise<Decoder> | undefined;

function createDecoder(lib: ZxingLibrary): Decoder {
  const { DecodeHintType, BarcodeFormat, QRCodeReader, RGBLuminanceSource, BinaryBitmap, HybridBinarizer, GlobalHistogramBinarizer } = lib;
  const hints = new Map<Zxing.DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const reader = new QRCodeReader();
  const attempt = (pixels: Uint8ClampedArray, width: number, height: number, isGlobal: boolean): string | undefined => {
    const source = new RGBLuminanceSource(pixels, width, height);
    const binarizer = isGlobal ? new GlobalHistogramBinarizer(source) : new HybridBinarizer(source);
    try {
      return reader.decode(new BinaryBitmap(binarizer), hints).getText();
    } catch {
      return undefined;
    } finally {
      reader.reset();
    }
  };
  return (luminance, width, height) => {
    const direct = attempt(luminance, width, height, false);
    if (direct !== undefined) return direct;
    const stretched = stretchContrast(luminance);
    // Stretching would change nothing: the global binarizer on the frame as captured.
    if (!stretched) return attempt(luminance, width, height, true);
    return attempt(stretched, width, height, false) ?? attempt(stretched, width, height, true);
  };
}

/**
 * Maps the 2nd–98th percentile of grey levels onto 0–255; undefined when the frame already spans
 * most of the range (stretching would change nothing).
 */
export function stretchContrast(luminance: Uint8ClampedArray): Uint8ClampedArray | undefined {
  const histogram = new Uint32Array(256);
  for (const value of luminance) histogram[value] = (histogram[value] ?? 0) + 1;
  const percentile = (share: number): number => {
    let seen = 0;
    for (let level = 0; level < 256; level += 1) {
      seen += histogram[level] ?? 0;
      if (seen >= luminance.length * share) return level;
    }
    return 255;
  };
  const low = percentile(0.02);
  const high = percentile(0.98);
  if (high - low > 200 || high <= low) return undefined;
  const scale = 255 / (high - low);
  const out = new Uint8ClampedArray(luminance.length);
  for (let index = 0; index < luminance.length; index += 1) out[index] = ((luminance[index] ?? 0) - low) * scale;
  return out;
}

/** Loads zxing once and answers the frame decoder. */
export function loadQrDecoder(): Promise<Decoder> {
  decoderPromise ??= import('@zxing/library').then(createDecoder);
  return decoderPromise;
}

/** Decodes one grey frame (one byte per pixel, row-major); undefined when no QR code is found. */
export async function decodeQrLuminance(luminance: Uint8ClampedArray, width: number, height: number): Promise<string | undefined> {
  return (await loadQrDecoder())(luminance, width, height);
}
