/**
 * The location page's schema.org ParkingFacility (JSON-LD, a data block in <head>): name,
 * address, geo, opening hours, phone, photo and page URL, so search engines show the garage.
 */
import type { Location } from '../../contract/locations';
import { openingHoursSpec } from './opening-hours';

/** `pageUrl` is the page's canonical URL; `origin` makes the photo's URL absolute. */
export function parkingFacilityLd(location: Location, pageUrl: string, origin: string): Record<string, unknown> {
  const photo = [...location.images].sort((a, b) => a.displayOrder - b.displayOrder)[0];
  return {
    '@context': 'https://schema.org',
    '@type': 'ParkingFacility',
    name: location.locationDisplayText || location.address1,
    url: pageUrl,
    address: {
      '@type': 'PostalAddress',
      streetAddress: location.address1,
      addressLocality: location.city,
      addressRegion: location.state,
      postalCode: location.zip,
      addressCountry: 'US',
    },
    geo: { '@type': 'GeoCoordinates', latitude: location.latitude, longitude: location.longitude },
    openingHours: openingHoursSpec(location.operatingHoursDescription),
    ...(location.phone1 ? { telephone: location.phone1 } : {}),
    ...(photo ? { image: `${origin}${photo.assetURI}` } : {}),
  };
}

/** The JSON for a <script type="application/ld+json">: `<` escaped, so no text can close the element. */
export function jsonLdText(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
