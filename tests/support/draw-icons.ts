/**
 * Writes ParkFair's icons and install assets into public/ from tests/support/brand-art.ts:
 *   node --import tsx tests/support/draw-icons.ts            icons, favicon
 *   node --import tsx tests/support/draw-icons.ts --placeholder-screenshots
 * The store screenshots are normally taken from the running app by
 * tests/support/take-screenshots.ts; the placeholders exist so the manifest is valid before that.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { appIconSvg, appleTouchIconSvg, maskableIconSvg, placeholderScreenshotSvg, type ShortcutName, shortcutIconSvg } from './brand-art.ts';
import { encodeIco } from './ico.ts';

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public');

async function writePng(relative: string, svg: string): Promise<Buffer> {
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  const file = path.join(PUBLIC_DIR, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, png);
  console.log(`wrote public/${relative} (${png.length} bytes)`);
  return png;
}

async function drawIcons() {
  await writeFile(path.join(PUBLIC_DIR, 'icons/icon.svg'), appIconSvg(512));
  await writePng('icons/icon-192.png', appIconSvg(192));
  await writePng('icons/icon-512.png', appIconSvg(512));
  await writePng('icons/icon-maskable-512.png', maskableIconSvg(512));
  await writePng('icons/apple-touch-icon.png', appleTouchIconSvg(180));
  for (const name of ['plate', 'tickets', 'scan'] satisfies ShortcutName[]) {
    await writePng(`icons/shortcut-${name}.png`, shortcutIconSvg(name, 96));
  }
  const favicons = await Promise.all([16, 32].map(async (size) => ({ size, png: await sharp(Buffer.from(appIconSvg(size))).png().toBuffer() })));
  await writeFile(path.join(PUBLIC_DIR, 'favicon.ico'), encodeIco(favicons));
  console.log('wrote public/icons/icon.svg, public/favicon.ico');
}

async function drawPlaceholderScreenshots() {
  await writePng('screenshots/narrow.png', placeholderScreenshotSvg(540, 1170));
  await writePng('screenshots/wide.png', placeholderScreenshotSvg(1280, 800));
}

await mkdir(path.join(PUBLIC_DIR, 'icons'), { recursive: true });
await drawIcons();
if (process.argv.includes('--placeholder-screenshots')) await drawPlaceholderScreenshots();
