/**
 * The session's location (spec 3 §2 "Session": "A map shows a location pin", directions by
 * coordinates). The map is a lazy chunk (src/lib/map.tsx) drawn inside its own Suspense and error
 * boundary, so the session never waits for it or breaks with it. Without WebGL, or when the map
 * fails, the garage's address is shown instead; the directions links are always there.
 */
import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import type { Location } from '../../contract/locations';
import { canShowMap } from '../../lib/map-support';

const LocationMap = lazy(() => import('../../lib/map').then((module) => ({ default: module.LocationMap })));

class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };
  static getDerivedStateFromError() {
    return { hasFailed: true };
  }
  override render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}

/** Google and Apple Maps directions by coordinates. */
export function directionsLinks(latitude: number, longitude: number): { google: string; apple: string } {
  const destination = `${latitude},${longitude}`;
  return {
    google: `https://www.google.com/maps/dir/?api=1&destination=${destination}`,
    apple: `https://maps.apple.com/?daddr=${destination}`,
  };
}

function LocationAddress({ location }: { location: Location }) {
  return (
    <address className="park-map__address" data-testid="location-address">
      {location.address1}
      {location.crossStreet && ` (${location.crossStreet})`}
      <br />
      {location.city}, {location.state} {location.zip}
    </address>
  );
}

export function SessionLocation({ location }: { location: Location }) {
  const [isMapUsable, setIsMapUsable] = useState(canShowMap);
  const links = directionsLinks(location.latitude, location.longitude);
  const address = <LocationAddress location={location} />;
  const label = location.locationDisplayText || location.address1;
  return (
    <section className="park-map" aria-label="Location">
      {isMapUsable ? (
        <div className="park-map__canvas" data-testid="location-map">
          <MapBoundary fallback={address}>
            <Suspense fallback={<p className="park-map__loading" role="status">Loading map...</p>}>
              <LocationMap latitude={location.latitude} longitude={location.longitude} label={label} onError={() => setIsMapUsable(false)} />
            </Suspense>
          </MapBoundary>
        </div>
      ) : (
        address
      )}
      <p className="park-session__directions">
        Directions:{' '}
        <a href={links.google} target="_blank" rel="noreferrer">Google Maps</a>
        {' · '}
        <a href={links.apple} target="_blank" rel="noreferrer">Apple Maps</a>
      </p>
    </section>
  );
}
