/**
 * A simple location detail page (the search screen's detail panel, spec 1 §2.3): photos,
 * blackout and alert banners, name, cross street, phone, amenities, hours, additional
 * information and a Reserve button.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Location } from '../../contract/locations';
import { listAmenities } from './amenities';
import { locationNoticesQueryOptions } from './location-notices-query';

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

export function LocationDetail({ location }: { location: Location }) {
  const photos = [...location.images].filter((image) => image.assetType.name !== 'Thumbnail').sort((a, b) => a.displayOrder - b.displayOrder);
  const amenities = listAmenities(location);
  return (
    <article className="page location-detail">
      <p>
        <Link to="/locations">‹ All locations</Link>
      </p>
      {photos.length > 0 && (
        <ul className="location-detail__photos" aria-label="Photos">
          {photos.map((image, index) => (
            <li key={image.locationImageId}>
              <img src={image.assetURI} alt={image.altText} width={480} height={320} loading={index === 0 ? 'eager' : 'lazy'} />
            </li>
          ))}
        </ul>
      )}
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
      <p>
        <Link className="button" to="/reserve/daily/$locationSlug" params={{ locationSlug: location.seoUrl }}>
          Reserve
        </Link>{' '}
        {/* Monthly sign-up (spec 2 §4): "Sign Up" at ticket-system garages; elsewhere a request the office answers. */}
        <Link className="button button--secondary" to="/reserve/monthly" search={{ locationId: location.locationId }}>
          {location.skiDataLocation ? 'Sign Up' : 'Monthly Parking Request'}
        </Link>
      </p>
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
