import { describe, expect, it } from 'vitest';
import { renderQrPath } from './qr-code';

describe('renderQrPath', () => {
  it('renders a ticket URL as a square of dark modules', () => {
    const { size, path } = renderQrPath('https://parkfair.example/app/ABC1234');
    expect(size).toBeGreaterThanOrEqual(21);
    expect(path.startsWith('M0 0h1v1h-1z')).toBe(true); // the finder pattern's corner is dark
  });
});
