/**
 * When to stop reading camera frames: as soon as two consecutive frames agree on the plate
 * (after normalisation). A frame with no plate, or a different plate, starts over; so one
 * lucky misread never reaches the confirm step on its own.
 */
import type { RecognizeResponse } from '../../contract/plates';
import { normalizePlate } from './plate-text';

export type AgreementState = { previousPlate: string | null };

export const INITIAL_AGREEMENT: AgreementState = { previousPlate: null };

export function topPlateOf(response: RecognizeResponse): string | null {
  const plate = normalizePlate(response.results[0]?.plate ?? '');
  return plate || null;
}

export function observeFrame(state: AgreementState, response: RecognizeResponse): { state: AgreementState; agreedPlate: string | null } {
  const plate = topPlateOf(response);
  const agreedPlate = plate !== null && plate === state.previousPlate ? plate : null;
  return { state: { previousPlate: plate }, agreedPlate };
}
