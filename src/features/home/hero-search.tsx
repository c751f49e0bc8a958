/**
 * The home hero search box: the shared box with place and event suggestions (src/ui), full
 * screen on phones. A place goes to /search/results (q with dashes, lat/lng with six decimals),
 * an event to its event search.
 */
import { useNavigate } from '@tanstack/react-router';
import { PlaceSearchBox } from '../../ui/place-search-box';
import { toSearchQuery } from './search-params';

export function HeroSearch() {
  const navigate = useNavigate();
  return (
    <PlaceSearchBox
      isFullScreenOnPhone
      onPlace={(place) =>
        void navigate({ to: '/search/results', search: { q: toSearchQuery(place.name), lat: place.latitude.toFixed(6), lng: place.longitude.toFixed(6) } })
      }
      onEvent={(event) => void navigate({ to: '/search/event/$id/{-$slug}', params: { id: String(event.id), slug: event.slug } })}
    />
  );
}
