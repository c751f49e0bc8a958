/**
 * Plate recognition, POST /plates/api/recognize. The response follows the convention hosted
 * plate readers use: one result per plate found, best first, each with its box in the photo's
 * pixels (after EXIF rotation) and up to five ranked candidates, the first equal to `plate`. The
 * first result's candidates also hold the plates read in the other boxes (ranked with its own near
 * readings by score), so a client showing only the first result still offers them. A photo with
 * no plate (a QR code, a wall) has no results.
 */
import * as v from 'valibot';

/** Largest photo accepted, decoded bytes. The request body may be a third larger (base64) plus a data-URL prefix. */
export const MAX_PLATE_IMAGE_BYTES = 12 * 1024 * 1024;
export const MAX_RECOGNIZE_BODY_BYTES = Math.ceil((MAX_PLATE_IMAGE_BYTES * 4) / 3) + 64 * 1024;

export const recognizeRequestSchema = v.object({
  base64Image: v.pipe(
    v.string('base64Image must be a string: the photo as base64 or a data URL'),
    v.nonEmpty('base64Image must not be empty'),
  ),
});
export type RecognizeRequest = v.InferInput<typeof recognizeRequestSchema>;

export const plateBoxSchema = v.object({ xmin: v.number(), ymin: v.number(), xmax: v.number(), ymax: v.number() });
export type PlateBox = v.InferOutput<typeof plateBoxSchema>;

export const plateCandidateSchema = v.object({ plate: v.string(), score: v.number() });
export type PlateCandidate = v.InferOutput<typeof plateCandidateSchema>;

export const plateResultSchema = v.object({
  plate: v.string(),
  score: v.number(),
  box: plateBoxSchema,
  candidates: v.array(plateCandidateSchema),
});
export type PlateResult = v.InferOutput<typeof plateResultSchema>;

export const recognizeResponseSchema = v.object({
  results: v.array(plateResultSchema),
  processingTimeMs: v.number(),
});
export type RecognizeResponse = v.InferOutput<typeof recognizeResponseSchema>;
