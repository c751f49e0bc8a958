import { describe, expect, it } from 'vitest';
import { frameViews, toLuminance } from './qr-camera';
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

describe('frameViews', () => {
  it('decodes a 640×480 camera frame whole, its central half at twice the size, and whole at ¾', () => {
    expect(frameViews(640, 480)).toEqual([
      { sx: 0, sy: 0, sw: 640, sh: 480, width: 640, height: 480 },
      { sx: 160, sy: 120, sw: 320, sh: 240, width: 640, height: 480 },
      { sx: 0, sy: 0, sw: 640, sh: 480, width: 480, height: 360 },
    ]);
  });

  it('scales a large frame down to 640 px wide (and to 480), and reads its centre at full resolution', () => {
    expect(frameViews(1280, 960)).toEqual([
      { sx: 0, sy: 0, sw: 1280, sh: 960, width: 640, height: 480 },
      { sx: 320, sy: 240, sw: 640, sh: 480, width: 640, height: 480 },
      { sx: 0, sy: 0, sw: 1280, sh: 960, width: 480, height: 360 },
    ]);
  });
});
