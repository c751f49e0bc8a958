/**
 * Writes every seeded garage's pictures to public/images/locations/<seoUrl>/*.svg, and the
 * rasters served in their place (the thumbnails: LOCATION_IMAGE_FILES `raster`) with sharp.
 * Run after changing the garages or the drawing: `node --import tsx server/locations/draw-location-images.ts`.
 * The output is committed (the app serves it); the drawing is deterministic, so reruns change nothing.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ALL_GARAGES } from './seed-data/all-garages.ts';
import { seoUrlFor } from './seed-data/garage-seed.ts';
import { DRAWERS, LOCATION_IMAGE_FILES } from './location-image-svg.ts';

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public');

/** The drawing as a square WebP of `size` px (the drawings are square). */
function rasterOf(svg: string, size: number): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize(size, size).webp({ quality: 82, effort: 6 }).toBuffer();
}

async function drawAll(): Promise<number> {
  let written = 0;
  for (const garage of ALL_GARAGES) {
    const dir = path.join(PUBLIC_DIR, 'images', 'locations', seoUrlFor(garage));
    await mkdir(dir, { recursive: true });
    for (const { fileName, raster } of LOCATION_IMAGE_FILES) {
      const draw = DRAWERS[fileName];
      if (!draw) throw new Error(`No drawing for ${fileName}`);
      const svg = draw(garage);
      await writeFile(path.join(dir, fileName), svg);
      written++;
      if (raster) await writeFile(path.join(dir, raster.fileName), await rasterOf(svg, raster.size));
    }
  }
  return written;
}

const count = await drawAll();
console.log(`Wrote ${count} SVG files (and their rasters) for ${ALL_GARAGES.length} garages under ${path.join(PUBLIC_DIR, 'images', 'locations')}`);
