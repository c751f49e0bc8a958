/**
 * ParkFair's icon artwork as SVG strings (no fonts: every glyph is a path, so librsvg, sharp and
 * browsers draw it the same). Used by tests/support/draw-icons.ts to write public/.
 * Coordinates are in a 512 × 512 box.
 */
export const BRAND_GREEN = '#0b5c3b';
export const BRAND_MINT = '#8fe0b5';

/** The bold "P" (stem and bowl, counter cut out with even-odd) with a small car under the bowl. */
function mark(): string {
  const letter =
    '<path fill="#ffffff" fill-rule="evenodd" d="M150 96 H286 A112 112 0 0 1 286 320 H236 V416 H150 Z M236 170 H280 A38 38 0 0 1 280 246 H236 Z"/>';
  // A side-on car parked beside the stem: body, cabin, two wheels.
  const car =
    '<g transform="translate(262 336)">' +
    `<path fill="${BRAND_MINT}" d="M0 50 Q0 34 14 32 L30 30 L48 8 Q54 2 64 2 H108 Q118 2 124 10 L140 30 L156 32 Q170 34 170 50 V66 Q170 72 164 72 H6 Q0 72 0 66 Z"/>` +
    `<path fill="${BRAND_GREEN}" d="M54 30 L66 14 H86 V30 Z M94 14 H112 L124 30 H94 Z"/>` +
    `<circle cx="38" cy="72" r="16" fill="${BRAND_GREEN}"/><circle cx="38" cy="72" r="8" fill="#ffffff"/>` +
    `<circle cx="132" cy="72" r="16" fill="${BRAND_GREEN}"/><circle cx="132" cy="72" r="8" fill="#ffffff"/>` +
    '</g>';
  // The artwork spans x 150–432, y 96–424: shift it so the mark sits in the middle of the box.
  return `<g transform="translate(-35 -4)">${letter}${car}</g>`;
}

function svg(size: number, body: string, viewBox = '0 0 512 512'): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${viewBox}">${body}</svg>`;
}

/** Purpose "any": a rounded green tile (transparent corners) with the mark. */
export function appIconSvg(size = 512): string {
  return svg(size, `<rect width="512" height="512" rx="112" fill="${BRAND_GREEN}"/>${mark()}`);
}

/**
 * Purpose "maskable": full-bleed green, the mark scaled into the central safe zone (a circle of
 * radius 40 % of the size), so any mask shape the launcher applies keeps the whole mark.
 */
export function maskableIconSvg(size = 512): string {
  return svg(size, `<rect width="512" height="512" fill="${BRAND_GREEN}"/><g transform="translate(256 256) scale(0.72) translate(-256 -256)">${mark()}</g>`);
}

/** Apple touch icons are masked by iOS itself: full-bleed square, mark a little smaller. */
export function appleTouchIconSvg(size = 180): string {
  return svg(size, `<rect width="512" height="512" fill="${BRAND_GREEN}"/><g transform="translate(256 256) scale(0.86) translate(-256 -256)">${mark()}</g>`);
}

export type ShortcutName = 'plate' | 'tickets' | 'scan';

const SHORTCUT_GLYPHS: Record<ShortcutName, string> = {
  // A licence plate: rounded frame, two bolts, a row of characters as bars.
  plate:
    '<rect x="88" y="160" width="336" height="192" rx="28" fill="#ffffff"/>' +
    `<rect x="108" y="180" width="296" height="152" rx="16" fill="none" stroke="${BRAND_GREEN}" stroke-width="10"/>` +
    `<circle cx="150" cy="206" r="9" fill="${BRAND_GREEN}"/><circle cx="362" cy="206" r="9" fill="${BRAND_GREEN}"/>` +
    `<g fill="${BRAND_GREEN}"><rect x="140" y="236" width="34" height="68" rx="6"/><rect x="186" y="236" width="34" height="68" rx="6"/><rect x="232" y="236" width="34" height="68" rx="6"/><rect x="292" y="236" width="34" height="68" rx="6"/><rect x="338" y="236" width="34" height="68" rx="6"/></g>`,
  // A parking ticket with a perforation notch and text lines.
  tickets:
    '<path fill="#ffffff" d="M120 120 H392 V222 A34 34 0 0 0 392 290 V392 H120 V290 A34 34 0 0 0 120 222 Z"/>' +
    `<g fill="${BRAND_GREEN}"><rect x="170" y="168" width="172" height="22" rx="11"/><rect x="170" y="214" width="120" height="18" rx="9"/><rect x="170" y="300" width="172" height="18" rx="9"/><rect x="170" y="338" width="100" height="18" rx="9"/></g>`,
  // Scan: four viewfinder corners around a QR-like block.
  scan:
    '<g fill="none" stroke="#ffffff" stroke-width="30" stroke-linecap="round" stroke-linejoin="round"><path d="M110 190 V130 Q110 110 130 110 H190"/><path d="M322 110 H382 Q402 110 402 130 V190"/><path d="M402 322 V382 Q402 402 382 402 H322"/><path d="M190 402 H130 Q110 402 110 382 V322"/></g>' +
    '<g fill="#ffffff"><rect x="176" y="176" width="68" height="68" rx="8"/><rect x="268" y="176" width="68" height="68" rx="8"/><rect x="176" y="268" width="68" height="68" rx="8"/><rect x="268" y="268" width="30" height="30"/><rect x="306" y="306" width="30" height="30"/></g>',
};

export function shortcutIconSvg(name: ShortcutName, size = 96): string {
  return svg(size, `<rect width="512" height="512" rx="96" fill="${BRAND_GREEN}"/>${SHORTCUT_GLYPHS[name]}`);
}

/** Placeholder store screenshot: brand header, the mark, and a few grey content blocks. */
export function placeholderScreenshotSvg(width: number, height: number): string {
  const header = Math.round(Math.min(width, height) * 0.12);
  const markSize = Math.round(Math.min(width, height) * 0.4);
  const blocks = Array.from({ length: 4 }, (_, index) => {
    const y = header + markSize + 80 + index * 90;
    return `<rect x="${width * 0.1}" y="${y}" width="${width * 0.8}" height="60" rx="12" fill="#e7efe9"/>`;
  }).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="#f5f7f6"/><rect width="${width}" height="${header}" fill="${BRAND_GREEN}"/>` +
    `<svg x="${(width - markSize) / 2}" y="${header + 40}" width="${markSize}" height="${markSize}" viewBox="0 0 512 512"><rect width="512" height="512" rx="112" fill="${BRAND_GREEN}"/>${mark()}</svg>` +
    `${blocks}</svg>`
  );
}
