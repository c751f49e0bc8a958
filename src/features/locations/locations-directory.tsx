/** The list of all garages on /locations, grouped by area, each linking to its detail page. */
import { Link } from '@tanstack/react-router';
import type { Location } from '../../contract/locations';
import { groupLocationsByArea } from './location-groups';

export function LocationsDirectory({ locations }: { locations: readonly Location[] }) {
  const groups = groupLocationsByArea(locations);
  return (
    <div className="locations-directory">
      {groups.map((group) => (
        <section key={group.area} aria-labelledby={`area-${group.area}`} className="locations-directory__area">
          <h2 id={`area-${group.area}`}>{group.name}</h2>
          <ul className="locations-directory__list">
            {group.locations.map((location) => (
              <li key={location.locationId}>
                <Link to="/locations/$slug" params={{ slug: location.seoUrl }} className="location-link">
                  <span className="location-link__name">{location.locationDisplayText}</span>
                  <span className="location-link__address">
                    {location.address1}, {location.city} · {location.crossStreet}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
