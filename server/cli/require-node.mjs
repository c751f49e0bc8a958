/**
 * Run before `npm start` and `npm test`: refuses a Node.js older than package.json's
 * `engines.node` with one clear line, instead of a syntax or import error deep inside a
 * dependency. Plain JavaScript with no imports beyond Node's own, so any old Node can run it.
 */
import { readFileSync } from 'node:fs';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const wanted = packageJson.engines.node; // ">=20.19"
const [wantedMajor = 0, wantedMinor = 0] = wanted.replace(/^>=\s*/, '').split('.').map(Number);
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);

if (major < wantedMajor || (major === wantedMajor && minor < wantedMinor)) {
  console.error(`ParkFair needs Node.js ${wantedMajor}.${wantedMinor} or newer (engines "${wanted}"); this is Node.js ${process.versions.node}.`);
  process.exit(1);
}
