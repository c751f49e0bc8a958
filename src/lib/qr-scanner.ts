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
 * frame with no code. When all of them fail on a code zxing did find, its grids are sampled again
 * with one reference point nudged at a time (qr-grid-retry.ts: wrinkled and steeply tilted codes,
 * 122 → 131 of the 132 as 640×480 frames). The accuracy test and `npm run bench -- qr` report it.
 */
import type * as Zxing from '@zxing/library';
import { cornerModules, createGridRetry, type GridTools, type SampledGrid } from './qr-grid-retry';

type ZxingLibrary = typeof Zxing;
type Decoder = (luminance: Uint8ClampedArray, width: number, height: number) => string | undefined;

let decoderPromise: Promise<Decoder> | undefined;

/** zxing's QR reader with its bit-matrix decoder in reach (zxing does not export the decoder). */
function gridReaderClass(lib: ZxingLibrary) {
  return class GridReader extends lib.QRCodeReader {
    decodeModules(modules: boolean[][]): string {
      return this.getDecoder().decodeBooleanArray(modules).getText();
    }
  };
}

/** The zxing pieces qr-grid-retry.ts works with. */
function gridTools(lib: ZxingLibrary, reader: { decodeModules: (modules: boolean[][]) => string }): GridTools {
  return {
    transformFromCorners: (dimension, to) => {
      const [tl, tr, br, bl] = cornerModules(dimension);
      return lib.PerspectiveTransform.quadrilateralToQuadrilateral(
        tl.x, tl.y, tr.x, tr.y, br.x, br.y, bl.x, bl.y,
        to[0].x, to[0].y, to[1].x, to[1].y, to[2].x, to[2].y, to[3].x, to[3].y,
      );
    },
    alignmentCentres: (dimension) => Array.from(lib.QRCodeVersion.getProvisionalVersionForDimension(dimension).getAlignmentPatternCenters()),
    decodeModules: (modules) => reader.decodeModules(modules),
  };
}

function createDecoder(lib: ZxingLibrary): Decoder {
  const { DecodeHintType, BarcodeFormat, RGBLuminanceSource, BinaryBitmap, HybridBinarizer, GlobalHistogramBinarizer, DefaultGridSampler, GridSamplerInstance } = lib;
  const hints = new Map<Zxing.DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  /** zxing's grid sampler, keeping the grid its QR detector asked for (the detector is not exported). */
  class RecordingSampler extends DefaultGridSampler {
    last: SampledGrid | undefined;
    override sampleGridWithTransform(image: Zxing.BitMatrix, dimensionX: number, dimensionY: number, transform: Zxing.PerspectiveTransform): Zxing.BitMatrix {
      this.last = { image, dimension: dimensionX, transform };
      return super.sampleGridWithTransform(image, dimensionX, dimensionY, transform);
    }
  }
  const reader = new (gridReaderClass(lib))();
  const sampler = new RecordingSampler();
  // zxing keeps one sampler for the whole page; this module is zxing's only user.
  GridSamplerInstance.setGridSampler(sampler);
  const retryGrid = createGridRetry(gridTools(lib, reader));

  /** One binarizer on one frame; a grid zxing sampled but could not read goes into `missed`. */
  const attempt = (pixels: Uint8ClampedArray, width: number, height: number, isGlobal: boolean, missed: SampledGrid[]): string | undefined => {
    const source = new RGBLuminanceSource(pixels, width, height);
    const binarizer = isGlobal ? new GlobalHistogramBinarizer(source) : new HybridBinarizer(source);
    sampler.last = undefined;
    try {
      return reader.decode(new BinaryBitmap(binarizer), hints).getText();
    } catch {
      if (sampler.last) missed.push(sampler.last);
      return undefined;
    } finally {
      reader.reset();
    }
  };
  const binarizerTries = (luminance: Uint8ClampedArray, width: number, height: number, missed: SampledGrid[]): string | undefined => {
    const direct = attempt(luminance, width, height, false, missed);
    if (direct !== undefined) return direct;
    const stretched = stretchContrast(luminance);
    // Stretching would change nothing: the global binarizer on the frame as captured.
    if (!stretched) return attempt(luminance, width, height, true, missed);
    return attempt(stretched, width, height, false, missed) ?? attempt(stretched, width, height, true, missed);
  };
  return (luminance, width, height) => {
    const missed: SampledGrid[] = [];
    // The nudged grids only after every binarizer failed: a frame they read costs nothing more.
    return binarizerTries(luminance, width, height, missed) ?? firstDefined(missed, retryGrid);
  };
}

function firstDefined<T>(items: T[], read: (item: T) => string | undefined): string | undefined {
  for (const item of items) {
    const text = read(item);
    if (text !== undefined) return text;
  }
  return undefined;
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

/** zxing's pieces for qr-grid-retry.ts on their own (its unit test). */
export async function loadQrGridTools(): Promise<GridTools> {
  const lib = await import('@zxing/library');
  return gridTools(lib, new (gridReaderClass(lib))());
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
