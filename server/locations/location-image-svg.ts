/**
 * Draws the seeded garages' pictures as SVG, deterministically from the garage itself:
 * the façade colour, number of parking levels and window rhythm come from the location id,
 * and the address is painted on the sign band. Four pictures per garage, one per asset use:
 * entrance (the street view of the way in), two slide-show views (façade with the street,
 * the parking deck inside) and a square thumbnail for result lists.
 */
import { escapeXml } from '../lib/escape-xml.ts';

export type GarageForDrawing = { locationId: number; address1: string; neighborhood: string; capacity: number; oversized: boolean };

export type LocationImageFile = {
  fileName: string;
  assetType: 'Entrance' | 'Slide Show' | 'Thumbnail';
  displayOrder: number;
  describe: (g: GarageForDrawing) => string;
  /**
   * Served as this raster instead of the SVG: a search shows 30 thumbnails at once, and each SVG
   * image is a document the browser builds on the main thread (on the search page at 412 px, 1×,
   * ~142 ms a visit of Σ max(0, 4·task − 50 ms) after the first paint; issue 16), while a raster
   * image decodes off it.
   */
  raster?: { fileName: string; size: number };
};

export const LOCATION_IMAGE_FILES: readonly LocationImageFile[] = [
  { fileName: 'entrance.svg', assetType: 'Entrance', displayOrder: 1, describe: (g) => `Entrance of the ParkFair garage at ${g.address1}` },
  { fileName: 'slide-1.svg', assetType: 'Slide Show', displayOrder: 2, describe: (g) => `Street view of the ParkFair garage at ${g.address1}, ${g.neighborhood}` },
  { fileName: 'slide-2.svg', assetType: 'Slide Show', displayOrder: 3, describe: (g) => `Parking deck inside the ParkFair garage at ${g.address1}` },
  // 160 px square: the tile shows it at 72 × 56 CSS px (object-fit: cover), sharp at 2x.
  { fileName: 'thumbnail.svg', assetType: 'Thumbnail', displayOrder: 4, describe: (g) => `ParkFair garage at ${g.address1}`, raster: { fileName: 'thumbnail.webp', size: 160 } },
];

const FACADES = ['#8c5a3c', '#6f7d8c', '#a4836a', '#5d6b5a', '#9a9188', '#7a4f4f', '#4f5f7a', '#b08d57'];
const TRIMS = ['#e8e1d6', '#d9dde2', '#f1ead9', '#cfd8cc', '#ece7e0'];
const CAR_COLOURS = ['#c0392b', '#2c3e50', '#ecf0f1', '#7f8c8d', '#2980b9', '#16a085', '#1c1c1c', '#d35400'];
const BRAND = '#0b5c3b';


/** Small deterministic integer stream from the garage id (no Math.random: files must not change between runs). */
function pick(seed: number, salt: number, modulo: number): number {
  const mixed = Math.imul(seed * 2654435761 + salt * 40503, 2246822519) >>> 0;
  return ((mixed ^ (mixed >>> 15)) >>> 0) % modulo;
}

type Look = { facade: string; trim: string; levels: number; bays: number };

function lookOf(g: GarageForDrawing): Look {
  return {
    facade: FACADES[pick(g.locationId, 1, FACADES.length)] ?? FACADES[0]!,
    trim: TRIMS[pick(g.locationId, 2, TRIMS.length)] ?? TRIMS[0]!,
    levels: 3 + pick(g.locationId, 3, 4),
    bays: 4 + pick(g.locationId, 4, 3),
  };
}

/** Coordinates rounded to 0.1 px: smaller files, same picture. */
const roundNumbers = (markup: string) => markup.replace(/\d+\.\d{2,}/g, (n) => String(Math.round(Number(n) * 10) / 10));

function svg(width: number, height: number, title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img"><title>${escapeXml(title)}</title>${roundNumbers(body)}</svg>\n`;
}

function parkingSign(x: number, y: number, size: number): string {
  return `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size * 0.12}" fill="#1f5fbf" stroke="#fff" stroke-width="${size * 0.05}"/>`
    + `<text x="${x + size / 2}" y="${y + size * 0.76}" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size * 0.72}" fill="#fff" text-anchor="middle">P</text>`;
}

/** The façade: levels of open parking bays above a street-level entrance with the address band. */
function facade(g: GarageForDrawing, look: Look, x: number, y: number, w: number, h: number): string {
  const levelHeight = (h * 0.72) / look.levels;
  const parts: string[] = [`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${look.facade}"/>`];
  for (let level = 0; level < look.levels; level++) {
    const ly = y + level * levelHeight + levelHeight * 0.2;
    const bayWidth = w / look.bays;
    for (let bay = 0; bay < look.bays; bay++) {
      parts.push(`<rect x="${x + bay * bayWidth + bayWidth * 0.1}" y="${ly}" width="${bayWidth * 0.8}" height="${levelHeight * 0.6}" fill="#2b2f33"/>`);
      if (pick(g.locationId, 100 + level * 10 + bay, 3) > 0) {
        const car = CAR_COLOURS[pick(g.locationId, 200 + level * 10 + bay, CAR_COLOURS.length)];
        parts.push(`<rect x="${x + bay * bayWidth + bayWidth * 0.22}" y="${ly + levelHeight * 0.34}" width="${bayWidth * 0.56}" height="${levelHeight * 0.22}" rx="6" fill="${car}"/>`);
      }
    }
    parts.push(`<rect x="${x}" y="${ly + levelHeight * 0.6}" width="${w}" height="${levelHeight * 0.12}" fill="${look.trim}"/>`);
  }
  const bandY = y + h * 0.72;
  parts.push(`<rect x="${x}" y="${bandY}" width="${w}" height="${h * 0.07}" fill="${BRAND}"/>`);
  parts.push(`<text x="${x + w / 2}" y="${bandY + h * 0.052}" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${h * 0.042}" fill="#fff" text-anchor="middle">PARKFAIR · ${escapeXml(g.address1.toUpperCase())}</text>`);
  const doorWidth = w * 0.38;
  const doorX = x + (w - doorWidth) / 2;
  const doorY = bandY + h * 0.07;
  parts.push(`<rect x="${doorX}" y="${doorY}" width="${doorWidth}" height="${y + h - doorY}" fill="#15181b"/>`);
  parts.push(`<rect x="${doorX}" y="${doorY}" width="${doorWidth}" height="${h * 0.025}" fill="#f2c200"/>`);
  parts.push(parkingSign(x + w * 0.05, doorY + h * 0.03, h * 0.12));
  return parts.join('');
}

function street(width: number, top: number, height: number): string {
  return `<rect x="0" y="${top}" width="${width}" height="${height * 0.25}" fill="#b9b4ab"/>`
    + `<rect x="0" y="${top + height * 0.25}" width="${width}" height="${height * 0.75}" fill="#3d4144"/>`
    + `<rect x="0" y="${top + height * 0.6}" width="${width}" height="${height * 0.04}" fill="#e9e4d8" stroke-dasharray="40 30"/>`;
}

export function drawEntrance(g: GarageForDrawing): string {
  const look = lookOf(g);
  const clearance = g.oversized ? "CLEARANCE 7'0\"" : "CLEARANCE 6'2\"";
  const body = `<rect width="800" height="600" fill="#cfe3f2"/>`
    + facade(g, look, 60, 40, 680, 470)
    + street(800, 510, 90)
    + `<rect x="250" y="428" width="300" height="28" fill="#f2c200"/>`
    + `<text x="400" y="449" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="20" fill="#15181b" text-anchor="middle">${escapeXml(clearance)} · ENTRANCE</text>`;
  return svg(800, 600, `Entrance of the ParkFair garage at ${g.address1}`, body);
}

export function drawStreetView(g: GarageForDrawing): string {
  const look = lookOf(g);
  const neighbour = FACADES[pick(g.locationId, 9, FACADES.length)] ?? '#777';
  const body = `<rect width="1200" height="800" fill="#bcd8ee"/>`
    + `<rect x="0" y="120" width="260" height="560" fill="${neighbour}"/><rect x="940" y="60" width="260" height="620" fill="#8d9aa5"/>`
    + facade(g, look, 280, 100, 640, 580)
    + street(1200, 680, 120)
    + `<text x="600" y="60" font-family="Arial, Helvetica, sans-serif" font-size="34" fill="#1b2a36" text-anchor="middle">${escapeXml(g.neighborhood)} · ${g.capacity} spaces</text>`;
  return svg(1200, 800, `Street view of the ParkFair garage at ${g.address1}, ${g.neighborhood}`, body);
}

export function drawDeck(g: GarageForDrawing): string {
  const look = lookOf(g);
  const parts: string[] = [`<rect width="1200" height="800" fill="#55595c"/>`, `<rect y="0" width="1200" height="140" fill="${look.trim}"/>`, `<rect y="520" width="1200" height="280" fill="#6b6f72"/>`];
  for (let column = 0; column < 5; column++) {
    parts.push(`<rect x="${90 + column * 250}" y="140" width="40" height="380" fill="#9a9ea1"/>`);
  }
  for (let bay = 0; bay < 8; bay++) {
    const x = 40 + bay * 145;
    parts.push(`<rect x="${x}" y="560" width="6" height="200" fill="#f4f1e8"/>`);
    if (pick(g.locationId, 300 + bay, 4) > 0) {
      const car = CAR_COLOURS[pick(g.locationId, 400 + bay, CAR_COLOURS.length)];
      parts.push(`<rect x="${x + 20}" y="600" width="105" height="130" rx="18" fill="${car}"/><rect x="${x + 32}" y="618" width="81" height="34" rx="8" fill="#a9c6d9"/>`);
    }
  }
  parts.push(`<text x="600" y="95" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="48" fill="${BRAND}" text-anchor="middle">LEVEL ${1 + pick(g.locationId, 7, look.levels)} · ${escapeXml(g.address1.toUpperCase())}</text>`);
  parts.push(parkingSign(1040, 180, 110));
  return svg(1200, 800, `Parking deck inside the ParkFair garage at ${g.address1}`, parts.join(''));
}

export function drawThumbnail(g: GarageForDrawing): string {
  const look = lookOf(g);
  const body = `<rect width="320" height="320" fill="#cfe3f2"/>` + facade(g, look, 30, 30, 260, 290);
  return svg(320, 320, `ParkFair garage at ${g.address1}`, body);
}

export const DRAWERS: Record<string, (g: GarageForDrawing) => string> = {
  'entrance.svg': drawEntrance,
  'slide-1.svg': drawStreetView,
  'slide-2.svg': drawDeck,
  'thumbnail.svg': drawThumbnail,
};

export function imageUriFor(seoUrl: string, fileName: string): string {
  return `/images/locations/${seoUrl}/${fileName}`;
}
