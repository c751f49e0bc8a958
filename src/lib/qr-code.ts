/**
 * Renders a QR code on the device (no network): the exit pass opens in a garage with no signal.
 * Returns an SVG path of the dark modules, which a component draws at any size; pure so it is
 * unit-tested without a DOM.
 */
import qrcode from 'qrcode-generator';

export type QrMatrix = { size: number; path: string };

/** Type 0 picks the smallest version that fits; level M survives a scuffed phone screen. */
export function renderQrPath(text: string): QrMatrix {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (qr.isDark(row, col)) path += `M${col} ${row}h1v1h-1z`;
    }
  }
  return { size, path };
}
