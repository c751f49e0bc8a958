/** The README's demo section names lot codes a developer types at the gate: each must be a seeded garage. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALL_GARAGES } from './all-garages.ts';

const README = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../README.md'), 'utf8');

describe('the README demo data', () => {
  it('names only lot codes that exist', () => {
    const demoSection = README.slice(README.indexOf('## Demo data'), README.indexOf('\n## ', README.indexOf('## Demo data') + 1));
    // A lot code is a quoted 4-digit number (ticket numbers are longer, prices have a $).
    const lotCodes = [...demoSection.matchAll(/`(\d{4})`/g)].map((match) => match[1]);
    expect(lotCodes.length).toBeGreaterThan(3);
    const seeded = new Set(ALL_GARAGES.map((garage) => garage.locationNumber));
    expect(lotCodes.filter((code) => !seeded.has(code ?? ''))).toEqual([]);
  });
});
