/**
 * The one-tap alternatives under the reading on the confirm step: the reader's ranked
 * candidates for the best plate, then other plates found in the frame, normalised, without
 * duplicates and without what the driver already has in the field.
 */
import type { PlateResult } from '../../contract/plates';
import { normalizePlate } from './plate-text';

export const MAX_CHIPS = 4;

export function buildCandidateChips(results: readonly PlateResult[], currentPlate: string, limit = MAX_CHIPS): string[] {
  const current = normalizePlate(currentPlate);
  const chips: string[] = [];
  const offered = [...(results[0]?.candidates.map((candidate) => candidate.plate) ?? []), ...results.slice(1).map((result) => result.plate)];
  for (const raw of offered) {
    const plate = normalizePlate(raw);
    if (plate && plate !== current && !chips.includes(plate)) chips.push(plate);
    if (chips.length === limit) break;
  }
  return chips;
}
