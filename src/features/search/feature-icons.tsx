/**
 * A garage's feature icons on its search tile (spec 1 §2.3: Bicycle parking, Motorcycle parking,
 * SUV/oversized vehicle parking, Electric charging, Close to the Train Station, Self-Parking).
 *
 * Drawn as small inline SVG line icons, not emoji: a device without a colour-emoji font (many
 * Linux desktops, this project's test machines) showed five of the six as empty boxes, and on
 * every device the first layout of a search page looked each emoji up in the system's font
 * fallback, tens of milliseconds on a slow phone before the list could be drawn
 * (docs/decisions/0014-server-rendered-public-pages.md). Each icon's label stays in the tile for screen readers and as its title.
 */
import type { Location } from '../../contract/locations';

/** 24 × 24 strokes (search.css `.feature-icons svg` sets the pen: no fill, round joins, 2 px). */
const FEATURES = [
  { key: 'bikeParking', label: 'Bicycle parking', path: 'M2 16.5a3.5 3.5 0 1 0 7 0 3.5 3.5 0 1 0-7 0m13 0a3.5 3.5 0 1 0 7 0 3.5 3.5 0 1 0-7 0M5.5 16.5 9 9h6l3.5 7.5M9 9l3 7.5L15 9M8 6h3m4 3-1-3h2' },
  { key: 'scooterParking', label: 'Motorcycle parking', path: 'M2 16.5a3.5 3.5 0 1 0 7 0 3.5 3.5 0 1 0-7 0m13 0a3.5 3.5 0 1 0 7 0 3.5 3.5 0 1 0-7 0M5.5 16.5 9 11h5l3-3h2m-5 3 4.5 5.5M9 11l3 5.5M7 8h3' },
  { key: 'oversized', label: 'SUV/oversized vehicle parking', path: 'M4 16a2 2 0 1 0 4 0 2 2 0 1 0-4 0m11 0a2 2 0 1 0 4 0 2 2 0 1 0-4 0M4 16H3v-5l2-5h11l3 5h2v5h-2M8 16h7M3 11h18' },
  { key: 'electricCharging', label: 'Electric charging', path: 'M13 2 4 14h7l-1 8 9-12h-7z' },
  { key: 'isCloseToTrainStation', label: 'Close to the Train Station', path: 'M7 3h10a3 3 0 0 1 3 3v9a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3Zm-3 8h16M8 15h.01M16 15h.01M7 18l-2 3m12-3 2 3' },
  { key: 'selfParking', label: 'Self-Parking', path: 'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm4 14V7h4a3 3 0 0 1 0 6H9' },
] as const satisfies ReadonlyArray<{ key: keyof Location; label: string; path: string }>;

export function FeatureIcons({ location }: { location: Location }) {
  const features = FEATURES.filter(({ key }) => location[key]);
  if (features.length === 0) return null;
  return (
    <ul className="feature-icons" aria-label="Features">
      {features.map((feature) => (
        <li key={feature.key} title={feature.label}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d={feature.path} />
          </svg>
          <span className="visually-hidden">{feature.label}</span>
        </li>
      ))}
    </ul>
  );
}
