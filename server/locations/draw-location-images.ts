/**
 * Writes every seeded garage's pictures to public/images/locations/<seoUrl>/*.svg.
 * Run after changing the garages or the drawing: `node --import tsx server/locations/draw-location-images.ts`.
 * The output is committed (the app serves it); the drawing is deterministic, so reruns change nothing.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_GARAGES } from './seed-data/all-garages.ts';
import { seoUrlFor } from './seed-data/garage-seed.ts';
import { DRAWERS, LOCATION_IMAGE_FILES } from './location-image-svg.ts';

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public');

async function drawAll(): Promise<number> {
  let written = 0;
  for (const garage of ALL_GARAGES) {
    const dir = path.join(PUBLIC_DIR, 'images', 'locations', seoUrlFor(garage));
    await mkdir(dir, { recursive: true });
    for (const { fileName } of LOCATION_IMAGE_FILES) {
      const draw = DRAWERS[fileName];
      if (!draw) throw new Error(`No drawing for ${fileName}`);
      await writeFile(path.join(dir, fileName), draw(garage));
      written++;
    }
  }
  return written;
}

const count = await drawAll();
console.log(`Wrote ${count} SVG files for ${ALL_GARAGES.length} garages under ${path.join(PUBLIC_DIR, 'images', 'locations')}`);
