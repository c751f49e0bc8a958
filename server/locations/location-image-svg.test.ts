import { describe, expect, it } from 'vitest';
import { escapeXml } from '../lib/escape-xml.ts';
import { DRAWERS, drawEntrance, imageUriFor, LOCATION_IMAGE_FILES } from './location-image-svg.ts';

const garage = { locationId: 4, address1: '515 W 52nd St', neighborhood: "Hell's Kitchen", capacity: 260, oversized: true };

describe('location images', () => {
  it('draws the same picture every time (the files are committed)', () => {
    for (const { fileName } of LOCATION_IMAGE_FILES) {
      const draw = DRAWERS[fileName]!;
      expect(draw(garage)).toBe(draw({ ...garage }));
    }
  });
  it('differs between garages', () => {
    expect(drawEntrance(garage)).not.toBe(drawEntrance({ ...garage, locationId: 5 }));
  });
  it('paints the address and escapes text for XML', () => {
    const svg = DRAWERS['slide-1.svg']!(garage);
    expect(svg).toContain('515 W 52ND ST');
    expect(svg).toContain('Hell&apos;s Kitchen');
    expect(svg).not.toContain("Hell's");
    expect(escapeXml('A & B <"x">')).toBe('A &amp; B &lt;&quot;x&quot;&gt;');
  });
  it('shows the right clearance for oversized and compact garages', () => {
    expect(drawEntrance(garage)).toContain('CLEARANCE 7&apos;0&quot;');
    expect(drawEntrance({ ...garage, oversized: false })).toContain('CLEARANCE 6&apos;2&quot;');
  });
  it('has one file per asset use: entrance, two slides, thumbnail', () => {
    expect(LOCATION_IMAGE_FILES.map((f) => f.assetType)).toEqual(['Entrance', 'Slide Show', 'Slide Show', 'Thumbnail']);
    expect(imageUriFor('515-w-52nd-st-new-york', 'entrance.svg')).toBe('/images/locations/515-w-52nd-st-new-york/entrance.svg');
  });
});
