/**
 * A location's details (spec 1 §2.3), both as the panel over the search (the search passes its
 * times and how to close) and as /locations/{slug}: photo slideshow, blackout and alert banners,
 * name, cross street, phone, the price for the searched times (daily) or the monthly rate picker,
 * the Early Bird text, amenities, hours, additional information and Reserve. On the page, the
 * times are the tab's last search (lib/last-search.ts), else the next half-hour for 2 hours; Back
 * returns to the earlier route (the router restores its scroll), else to that search or the list.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { Location } from '../../contract/locations';
import { useHydrated } from '../../lib/hydration';
import { readLastSearch } from '../../lib/last-search';
import type { ReserveSearch } from '../../lib/reserve-links';
import { serverRenderTime } from '../../server-render-time';
import { listAmenities } from './amenities';
import { LocationPrice } from './location-price';
import { locationNoticesQueryOptions } from './location-notices-query';
import { PhotoSlideshow } from './photo-slideshow';
import './location-detail.css';

const SLOT_MS = 30 * 60_000;
const DEFAULT_STAY_MS = 2 * 60 * 60_000;

/** The next half-hour slot after `now`, for 2 hours. */
export function defaultSearch(now: number): ReserveSearch {
  const arrival = Math.ceil(now / SLOT_MS) * SLOT_MS;
  return { type: 'DAILY', arrival, departure: arrival + DEFAULT_STAY_MS, isOversized: false };
}

/**
 * The times the page prices: the last search of this tab, else the next half-hour slot for 2
 * hours. The route's loader prefetches that quote, so a server-rendered page has the price in its
 * HTML (a price filled in after hydration would move the page below it).
 */
export function pageSearch(): ReserveSearch & { href?: string } {
  const last = readLastSearch();
  if (last && last.arrival >= Date.now() - SLOT_MS) return last;
  return defaultSearch(Date.now());
}

function BackLink({ onBack, href }: { onBack?: () => void; href?: string }) {
  const router = useRouter();
  if (onBack)
    return (
      <button type="button" className="link-button location-detail__back" onClick={onBack}>
        ‹ Back to results
      </button>
    );
  if (router.history.canGoBack())
    return (
      <button type="button" className="link-button location-detail__back" onClick={() => router.history.back()}>
        ‹ Back
      </button>
    );
  if (href)
    return (
      <button type="button" className="link-button location-detail__back" onClick={() => void router.navigate({ href })}>
        ‹ Back to search
      </button>
    );
  return <Link to="/locations">‹ All locations</Link>;
}

function LocationNotices({ locationId }: { locationId: number }) {
  const { data } = useQuery(locationNoticesQueryOptions(locationId));
  const blackouts = data?.blackouts.results ?? [];
  const alerts = data?.alerts.results ?? [];
  if (blackouts.length === 0 && alerts.length === 0) return null;
  return (
    <div className="location-notices">
      {blackouts.map((blackout) => (
        <p key={`b${blackout.blackoutId}`} className="notice notice--blackout" role="note">
          {blackout.message}
        </p>
      ))}
      {alerts.map((alert) => (
        <p key={`a${alert.locationAlertMessageId}`} className="notice notice--alert" role="note">
          {alert.message}
        </p>
      ))}
    </div>
  );
}

type Props = {
  location: Location;
  /** The search's times (the panel over the search); the page reads the tab's last search. */
  search?: ReserveSearch;
  /** Closes the panel; without it Back goes to the earlier route. */
  onBack?: () => void;
};

export function LocationDetail({ location, search, onBack }: Props) {
  const isHydrated = useHydrated();
  const [tabSearch] = useState(pageSearch);
  // The server knows no tab's last search: while its markup hydrates, the page draws the times the
  // server priced (a mismatch would leave them drawn), then this tab's, in the render after.
  const fallback: ReserveSearch & { href?: string } = isHydrated ? tabSearch : defaultSearch(serverRenderTime() ?? Date.now());
  const amenities = listAmenities(location);
  return (
    <article className="page location-detail">
      <p>
        <BackLink onBack={onBack} href={fallback.href} />
      </p>
      <PhotoSlideshow images={location.images} />
      <LocationNotices locationId={location.locationId} />
      <h1>{location.locationDisplayText}</h1>
      <p className="location-detail__address">
        {location.address1}, {location.city}, {location.state} {location.zip}
        <br />
        {location.crossStreet}
      </p>
      {location.phone1 && (
        <p>
          <a href={`tel:${location.phone1.replace(/[^\d+]/g, '')}`}>{location.phone1}</a>
        </p>
      )}
      <LocationPrice location={location} search={search ?? fallback} />
      {(search ?? fallback).type !== 'MONTHLY' && (
        <p>
          {/* Monthly sign-up (spec 2 §4): "Sign Up" at ticket-system garages; elsewhere a request the office answers. */}
          <Link className="button button--secondary" to="/reserve/monthly" search={{ locationId: location.locationId }}>
            {location.skiDataLocation ? 'Sign Up' : 'Monthly Parking Request'}
          </Link>
        </p>
      )}
      <h2>Hours of operation</h2>
      <p className="preserve-lines">{location.operatingHoursDescription}</p>
      {amenities.length > 0 && (
        <>
          <h2>Amenities</h2>
          <ul className="amenities">
            {amenities.map((amenity) => (
              <li key={amenity}>{amenity}</li>
            ))}
          </ul>
        </>
      )}
      {location.additionalInformation && (
        <>
          <h2>Additional information</h2>
          <p className="preserve-lines">{location.additionalInformation}</p>
        </>
      )}
    </article>
  );
}

/**
 * The search screen's location panel (its `renderDetail`): the search's times, and Back closes the
 * panel. One module-level function, so the memoized search screen gets the same prop on every render.
 */
export function renderSearchDetail(location: Location, context: ReserveSearch & { onClose: () => void }) {
  return <LocationDetail location={location} search={context} onBack={context.onClose} />;
}
