import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Location } from '../../contract/locations';
import { FeatureIcons } from './feature-icons';

const ALL_FEATURES = { bikeParking: true, scooterParking: true, oversized: true, electricCharging: true, isCloseToTrainStation: true, selfParking: true };
const LABELS = ['Bicycle parking', 'Motorcycle parking', 'SUV/oversized vehicle parking', 'Electric charging', 'Close to the Train Station', 'Self-Parking'];

const render = (features: Partial<Location>) => renderToStaticMarkup(<FeatureIcons location={{ locationId: 1, ...features } as Location} />);

describe('FeatureIcons', () => {
  it("draws each of a garage's features as an SVG icon, labelled for screen readers and in its title (spec 1 §2.3)", () => {
    const html = render(ALL_FEATURES);
    expect(html.match(/<li /g)).toHaveLength(6);
    expect(html.match(/<svg [^>]*aria-hidden="true"[^>]*><path d="M[^"]+"(?:\/>|><\/path>)<\/svg>/g)).toHaveLength(6);
    for (const label of LABELS) {
      expect(html).toContain(`title="${label}"`);
      expect(html).toContain(`<span class="visually-hidden">${label}</span>`);
    }
  });

  it('uses no emoji: a device without a colour-emoji font drew them as empty boxes, and their font lookup slowed the first layout', () => {
    expect(render(ALL_FEATURES)).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('shows only the features the garage has, and nothing for a garage with none', () => {
    const html = render({ electricCharging: true, selfParking: true });
    expect(html.match(/<li /g)).toHaveLength(2);
    expect(html).toContain('Electric charging');
    expect(html).not.toContain('Bicycle parking');
    expect(render({})).toBe('');
  });
});
