/**
 * The one-tap alternatives under the reading on the confirm step: every other reading the API
 * returned — the first result's alternatives (its near readings and, from the server, the plates
 * of the other boxes) and the other results' plates — ranked by score, normalised, without
 * duplicates and without what the driver already has in the field. A wrong first box (a sign read
 * before the plate) is then one tap from the right plate.
 */
import type { PlateResult } from '../../contract/plates';
import { normalizePlate } from './plate-text';

export const MAX_CHIPS = 4;

export function buildCandidateChips(results: readonly PlateResult[], currentPlate: string, limit = MAX_CHIPS): string[] {
  const current = normalizePlate(currentPlate);
  const offered = [...(results[0]?.candidates ?? []), ...results.slice(1).map(({ plate, score }) => ({ plate, score }))].sort((a, b) => b.score - a.score);
  const chips: string[] = [];
  for (const { plate: raw } of offered) {
    const plate = normalizePlate(raw);
    if (plate && plate !== current && !chips.includes(plate)) chips.push(plate);
    if (chips.length === limit) break;
  }
  return chips;
}
