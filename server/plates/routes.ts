/**
 * /plates/api: reads licence plates from a photo with the local engine (no network). Signed-in
 * callers only. The body limit is checked before the JSON is read, so an oversized upload is
 * refused with 413 without being buffered or decoded; a photo that does not decode is a 400.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_PLATE_IMAGE_BYTES, MAX_RECOGNIZE_BODY_BYTES, recognizeRequestSchema, type RecognizeResponse } from '../../src/contract/plates.ts';
import type { Deps } from '../deps.ts';
import { requireUser, type AuthVariables } from '../lib/auth.ts';
import { HttpError } from '../lib/http-error.ts';
import { timePlateRead } from '../lib/metrics.ts';
import { validate } from '../lib/validate.ts';
import { decodeBase64Image } from './base64-image.ts';
import { getPlateEngine, type PlateEngine } from './engine.ts';
import { NotAnImageError } from './image.ts';

export function createPlatesApi(deps: Deps, engine: PlateEngine = getPlateEngine()) {
  const app = new Hono<{ Variables: AuthVariables }>();

  app.post(
    '/recognize',
    requireUser(deps.verifyToken),
    bodyLimit({
      maxSize: MAX_RECOGNIZE_BODY_BYTES,
      onError: (c) => c.json({ message: `The photo is larger than ${MAX_PLATE_IMAGE_BYTES / (1024 * 1024)} MB. Send a smaller photo.` }, 413),
    }),
    validate('json', recognizeRequestSchema),
    async (c) => {
      const started = performance.now();
      const field = decodeBase64Image(c.req.valid('json').base64Image);
      if (!field.ok) throw new HttpError(field.status, field.message);
      try {
        const results = await timePlateRead(engine.readPlates(field.bytes)); // parkfair_plate_read_duration_seconds
        const body: RecognizeResponse = { results, processingTimeMs: Math.round(performance.now() - started) };
        return c.json(body);
      } catch (error: unknown) {
        if (error instanceof NotAnImageError) {
          throw new HttpError(400, 'base64Image is not a readable image: send a JPEG, PNG or WebP photo.');
        }
        throw error;
      }
    },
  );

  return app;
}
