import { describe, expect, it } from 'vitest';
import { toLuminance } from './qr-camera';
import { stretchContrast } from './qr-scanner';

describe('toLuminance', () => {
  it('weights RGB like ITU-R 601 and drops alpha', () => {
    expect([...toLuminance(new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255, 255, 0, 0, 0]))]).toEqual([255, 0, 76]);
  });
});

describe('stretchContrast', () => {
  it('spreads a washed-out frame over 0–255 and leaves a full-range one alone', () => {
    const washed = new Uint8ClampedArray(100).map((_, index) => (index % 2 ? 120 : 180));
    const out = stretchContrast(washed);
    expect(out && [out[0], out[1]]).toEqual([255, 0]);
    expect(stretchContrast(new Uint8ClampedArray(100).map((_, index) => (index % 2 ? 0 : 255)))).toBeUndefined();
  });
});
