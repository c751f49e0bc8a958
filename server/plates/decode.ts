/**
 * Decoding the recogniser's output. The model scores 9 character slots over a 37-symbol alphabet
 * (`_` pads short plates). A reading is the best symbol of each slot with the padding dropped;
 * its confidence is the mean of the best probabilities. Alternatives come from a beam over the
 * slots: each slot offers its likeliest symbols plus the usual look-alike of its best one
 * (O/0, I/1, B/8, S/5, G/6, Z/2, D/0), so a near miss is one tap away on the confirm screen.
 */

export const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_';
export const PAD = '_';
export const SLOTS = 9;

/** Look-alike symbols, both ways. */
export const CONFUSABLE: Readonly<Record<string, readonly string[]>> = {
  O: ['0', 'D', 'Q'],
  '0': ['O', 'D', 'Q'],
  D: ['0', 'O'],
  Q: ['O', '0'],
  I: ['1'],
  '1': ['I'],
  B: ['8'],
  '8': ['B'],
  S: ['5'],
  '5': ['S'],
  G: ['6'],
  '6': ['G'],
  Z: ['2'],
  '2': ['Z'],
};

export type Candidate = { plate: string; score: number };

/** Probabilities per slot: the model already ends in a softmax; raw logits get one here. */
export function toSlotProbabilities(output: ArrayLike<number>, slots = SLOTS, symbols = ALPHABET.length): Float32Array[] {
  const result: Float32Array[] = [];
  for (let s = 0; s < slots; s += 1) {
    const row = new Float32Array(symbols);
    let sum = 0;
    let isProbability = true;
    for (let k = 0; k < symbols; k += 1) {
      const value = output[s * symbols + k] ?? 0;
      row[k] = value;
      sum += value;
      if (value < 0 || value > 1) isProbability = false;
    }
    if (!isProbability || Math.abs(sum - 1) > 1e-3) softmaxInPlace(row);
    result.push(row);
  }
  return result;
}

export function softmaxInPlace(row: Float32Array): void {
  let max = -Infinity;
  for (const value of row) max = Math.max(max, value);
  let sum = 0;
  for (let k = 0; k < row.length; k += 1) {
    row[k] = Math.exp((row[k] ?? 0) - max);
    sum += row[k] ?? 0;
  }
  for (let k = 0; k < row.length; k += 1) row[k] = (row[k] ?? 0) / sum;
}

export function stripPadding(raw: string): string {
  return raw.split(PAD).join('');
}

function argmax(row: Float32Array): number {
  let best = 0;
  for (let k = 1; k < row.length; k += 1) if ((row[k] ?? 0) > (row[best] ?? 0)) best = k;
  return best;
}

/** The best symbol per slot, padding removed, and the mean best probability (the recipe's confidence). */
export function greedyRead(slots: readonly Float32Array[]): { plate: string; confidence: number } {
  let raw = '';
  let total = 0;
  for (const row of slots) {
    const best = argmax(row);
    raw += ALPHABET[best] ?? PAD;
    total += row[best] ?? 0;
  }
  return { plate: stripPadding(raw), confidence: slots.length ? total / slots.length : 0 };
}

/** Symbol indices a slot offers to the beam: its top few plus the look-alikes of its best symbol. */
function slotOptions(row: Float32Array, perSlot: number): number[] {
  const order = Array.from(row.keys()).sort((a, b) => (row[b] ?? 0) - (row[a] ?? 0));
  const options = order.slice(0, perSlot);
  const best = ALPHABET[order[0] ?? 0] ?? PAD;
  for (const twin of CONFUSABLE[best] ?? []) {
    const index = ALPHABET.indexOf(twin);
    if (!options.includes(index)) options.push(index);
  }
  return options;
}

/**
 * Ranked readings from a beam over the slots. A path's score is the geometric mean of its slot
 * probabilities (0–1, comparable across lengths); paths that collapse to the same text after
 * padding removal keep their best score. The first candidate is always the greedy reading.
 */
export function rankCandidates(slots: readonly Float32Array[], limit = 5, beamWidth = 40, perSlot = 3): Candidate[] {
  type Path = { raw: string; logScore: number };
  let beam: Path[] = [{ raw: '', logScore: 0 }];
  for (const row of slots) {
    const options = slotOptions(row, perSlot);
    const next: Path[] = [];
    for (const path of beam) {
      for (const index of options) {
        next.push({ raw: path.raw + (ALPHABET[index] ?? PAD), logScore: path.logScore + Math.log(Math.max(row[index] ?? 0, 1e-12)) });
      }
    }
    next.sort((a, b) => b.logScore - a.logScore);
    beam = next.slice(0, beamWidth);
  }
  const byPlate = new Map<string, number>();
  for (const path of beam) {
    const plate = stripPadding(path.raw);
    if (!plate) continue;
    const score = Math.exp(path.logScore / Math.max(slots.length, 1));
    if ((byPlate.get(plate) ?? -1) < score) byPlate.set(plate, score);
  }
  return [...byPlate.entries()]
    .map(([plate, score]) => ({ plate, score: round(score) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}

export function round(value: number, digits = 4): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
