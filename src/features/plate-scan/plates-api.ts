/** POST /plates/api/recognize through the app's API client (signed-in callers only). */
import { apiFetch } from '../../lib/api-client';
import { recognizeResponseSchema, type RecognizeResponse } from '../../contract/plates';

export type RecognizePlate = (base64Image: string, signal?: AbortSignal) => Promise<RecognizeResponse>;

export const recognizePlate: RecognizePlate = (base64Image, signal) =>
  apiFetch('/plates/api/recognize', { method: 'POST', json: { base64Image }, schema: recognizeResponseSchema, ...(signal ? { signal } : {}) });
