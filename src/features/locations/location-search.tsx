/**
 * /locations/{slug} (spec 1 §2.1 "location-details: search screen with a detail panel"): the
 * search screen around the garage, for the tab's last search times (else the next half-hour for
 * 2 hours: pageSearch), with the garage's detail panel open over it. The panel's Back goes to the
 * earlier route or the last search, as before; with neither, it closes onto the garages around it.
 * While the server's markup hydrates, the times are the ones the server priced (a mismatch would
 * leave them drawn), then this tab's.
 */
import { useRouter } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { Location } from '../../contract/locations';
import { useHydrated } from '../../lib/hydration';
import type { ReserveSearch } from '../../lib/reserve-links';
import { serverRenderTime } from '../../server-render-time';
import { SearchScreen, type DetailContext } from '../search/search-screen';
import type { SearchState } from '../search/search-url';
import { defaultSearch, LocationDetail, pageSearch, renderSearchDetail } from './location-detail';

/** The search a location link stands for: around the garage, named by its address, for `times`. */
export function locationSearchState(location: Location, times: ReserveSearch): SearchState {
  return {
    type: times.type,
    query: location.address1,
    latitude: location.latitude,
    longitude: location.longitude,
    arrival: times.arrival,
    departure: times.departure,
    isOversized: times.isOversized,
  };
}

export function LocationSearch({ location }: { location: Location }) {
  const isHydrated = useHydrated();
  const [tabTimes] = useState(pageSearch);
  const [now] = useState(() => serverRenderTime() ?? Date.now());
  const times = isHydrated ? tabTimes : defaultSearch(now);
  const search = useMemo(
    () => locationSearchState(location, times),
    // By value: `times` is a new object each render until hydrated.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [location, times.type, times.arrival, times.departure, times.isOversized],
  );
  // The linked garage's panel keeps the page's Back when there is somewhere to go back to (the
  // earlier route, else the tab's last search); opened cold (a shared link, a search engine) it
  // closes onto the garages around it. Panels opened from the list close back to it.
  const router = useRouter();
  const hasEarlier = isHydrated && (router.history.canGoBack() || Boolean(tabTimes.href));
  const renderDetail = useMemo(
    () => (shown: Location, context: DetailContext) =>
      shown.locationId === location.locationId ? (
        <LocationDetail location={shown} search={context} {...(hasEarlier ? {} : { onBack: context.onClose })} />
      ) : (
        renderSearchDetail(shown, context)
      ),
    [location.locationId, hasEarlier],
  );
  return <SearchScreen search={search} now={now} renderDetail={renderDetail} openDetail={location} />;
}
