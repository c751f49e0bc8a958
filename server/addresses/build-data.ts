/**
 * Builds server/addresses/data/addresses.json.gz, the US address gazetteer behind the address
 * autocomplete, from the OSM extract of the offline map kit (`../shared/mapdata/osm`, ODbL,
 * "© OpenStreetMap contributors"): every building or entrance tagged with a house number, a
 * street and a ZIP code. The city and state come from the ZIP (the extract's addr:city is on
 * one address in five). Run once when the source changes, and commit the output:
 *   node --import tsx server/addresses/build-data.ts [path/to/mapdata]
 * Deterministic: the same input gives a byte-identical file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { readOsmPbf } from '../search/osm-pbf.ts';
import { cityOfZip, type PackedAddresses } from './gazetteer.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MAPDATA = process.argv[2] ?? path.join(HERE, '../../../shared/mapdata');
const OUT = path.join(HERE, 'data/addresses.json.gz');

const { nodes, ways } = readOsmPbf(readFileSync(path.join(MAPDATA, 'osm/merged_manhattan_brooklyn.osm.pbf')));

/** street → house number → ZIP (the first seen for that house; duplicates are entrances of one building). */
const streets = new Map<string, Map<string, string>>();
let skipped = 0;
for (const { tags } of [...nodes, ...ways]) {
  const house = tags['addr:housenumber']?.trim();
  const street = tags['addr:street']?.trim().replace(/\s+/g, ' ');
  const zip = tags['addr:postcode']?.trim();
  if (!house || !street) continue;
  // "350", "12A", "34-16"; not "350;352" lists or "rear" notes. Street names of letters, digits and plain punctuation.
  if (!/^\d{1,6}[A-Za-z]?(-\d{1,5}[A-Za-z]?)?$/.test(house) || !/^[A-Za-z0-9][A-Za-z0-9 .'&-]{1,60}$/.test(street) || !zip || !/^\d{5}(-\d{4})?$/.test(zip) || !cityOfZip(zip)) {
    skipped += 1;
    continue;
  }
  const houses = streets.get(street) ?? new Map<string, string>();
  if (!houses.has(house)) houses.set(house, zip);
  streets.set(street, houses);
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const zips = [...new Set([...streets.values()].flatMap((houses) => [...houses.values()]))].sort(byText);
const zipIndex = new Map(zips.map((zip, i) => [zip, i]));
const packed: PackedAddresses = {
  source: 'OpenStreetMap extract of lower/midtown Manhattan and downtown Brooklyn (ODbL, © OpenStreetMap contributors)',
  zips,
  streets: [...streets.keys()].sort(byText).map((street) => {
    const houses = [...streets.get(street)!].sort(([a], [b]) => parseInt(a, 10) - parseInt(b, 10) || byText(a, b));
    return [street, houses.map(([house, zip]) => [house, zipIndex.get(zip)!])];
  }),
};
const file = gzipSync(JSON.stringify(packed), { level: 9 });
writeFileSync(OUT, file);
const count = packed.streets.reduce((sum, [, houses]) => sum + houses.length, 0);
console.log(`addresses: ${count} on ${packed.streets.length} streets in ${zips.length} ZIP codes (${skipped} skipped), ${(file.length / 1024).toFixed(0)} KB`);
