/**
 * One search result (spec 1 §2.3): thumbnail, address, cross street, the all-in total (with the
 * oversized surcharge), walking text, blackouts, alerts, feature icons, the Event / Early Bird
 * tooltips, Details and Reserve. Disabled (N/A, blacked out, no oversized) garages keep their
 * tile but offer no Reserve.
 */
import { useId } from 'react';
import { HrefLink } from '../../ui/href-link';
import { reserveHref, reserveLabel } from '../../lib/reserve-links';
import { FeatureIcons } from './feature-icons';
import { EARLY_BIRD_MESSAGE, formatPrice, walkingText, type ResultRow } from './search-results';

/**
 * Why a garage shows N/A, in the rate service's words ("This location is closed at the selected
 * arrival time. Hours: … Sun Closed."): an unsellable stay carries its reason as the rate message
 * (server/rates/daily-rate.ts). A blackout already has its own notice.
 */
export function unavailableReason(row: Pick<ResultRow, 'total' | 'rateMessage' | 'blackouts'>): string {
  return row.total === null && row.blackouts.length === 0 ? row.rateMessage : '';
}
import type { SearchState } from './search-url';

export const NO_OVERSIZED_TEXT = 'No SUV/oversized parking.';

function RateTooltip({ label, text }: { label: string; text: string }) {
  const id = useId();
  return (
    <span className="rate-badge" tabIndex={0} aria-describedby={id}>
      {label}
      <span role="tooltip" id={id} className="rate-badge__tip">
        {text}
      </span>
    </span>
  );
}

type Props = {
  row: ResultRow;
  search: SearchState;
  isActive: boolean;
  onHover: (id: number | undefined) => void;
  onDetails: (id: number) => void;
};

export function ResultTile({ row, search, isActive, onHover, onDetails }: Props) {
  const { location } = row;
  const thumbnail = location.images.find((image) => image.assetType.name === 'Thumbnail') ?? location.images[0];
  const canReserve = row.total !== null && !row.isDisabled && !row.isOversizeRefused;
  const titleId = useId();
  return (
    <li
      className={`result-tile${isActive ? ' result-tile--active' : ''}${canReserve ? '' : ' result-tile--disabled'}`}
      data-location-id={location.locationId}
      aria-labelledby={titleId}
      onMouseEnter={() => onHover(location.locationId)}
      onMouseLeave={() => onHover(undefined)}
    >
      {thumbnail ? <img className="result-tile__thumb" src={thumbnail.assetURI} alt={thumbnail.altText} width={96} height={72} loading="lazy" /> : <span className="result-tile__thumb" />}
      <div className="result-tile__body">
        <h3 id={titleId} className="result-tile__address">
          {location.address1}
        </h3>
        {location.crossStreet && <p className="result-tile__cross">{location.crossStreet}</p>}
        <p className="result-tile__walk">{walkingText(row)}</p>
        <FeatureIcons location={location} />
        {row.blackouts.map((blackout) => (
          <p key={`b${blackout.blackoutId}`} className="notice notice--blackout" role="note">
            {blackout.message}
          </p>
        ))}
        {row.alerts.map((alert) => (
          <p key={`a${alert.locationAlertMessageId}`} className="notice notice--alert" role="note">
            {alert.message}
          </p>
        ))}
        {row.isOversizeRefused && <p className="notice notice--alert">{NO_OVERSIZED_TEXT}</p>}
        {unavailableReason(row) && (
          <p className="notice notice--unavailable" role="note" data-testid="result-unavailable">
            {unavailableReason(row)}
          </p>
        )}
      </div>
      <div className="result-tile__price">
        <p className="result-tile__total" data-testid="result-total">
          {formatPrice(row.total)}
          {search.type === 'MONTHLY' && row.total !== null && <span className="result-tile__per">/mo</span>}
        </p>
        {search.isOversized && row.oversizeSurcharge > 0 && <p className="result-tile__surcharge">+{formatPrice(row.oversizeSurcharge)} oversized</p>}
        {row.isEventRate && <RateTooltip label="Event" text="Event Rate" />}
        {row.rateMessage === EARLY_BIRD_MESSAGE && <RateTooltip label="Early Bird" text={[EARLY_BIRD_MESSAGE, row.timeDescription].filter(Boolean).join(': ')} />}
        <div className="result-tile__actions">
          <button type="button" className="button button--secondary button--small" onClick={() => onDetails(location.locationId)}>
            Details
          </button>
          {canReserve ? (
            <HrefLink className="button button--small" href={reserveHref(location, search)}>
              {reserveLabel(location, search.type)}
            </HrefLink>
          ) : (
            <button type="button" className="button button--small" disabled>
              {reserveLabel(location, search.type)}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}

/** A placeholder tile while the first prices load (spec 1 §2.3: skeleton rows with Details and Reserve). */
export function SkeletonTile() {
  return (
    <li className="result-tile result-tile--skeleton" aria-hidden="true">
      <span className="result-tile__thumb" />
      <div className="result-tile__body">
        <span className="skeleton-line" />
        <span className="skeleton-line skeleton-line--short" />
      </div>
      <div className="result-tile__price">
        <span className="skeleton-line skeleton-line--short" />
        <div className="result-tile__actions">
          <button type="button" className="button button--secondary button--small" disabled tabIndex={-1}>
            Details
          </button>
          <button type="button" className="button button--small" disabled tabIndex={-1}>
            Reserve
          </button>
        </div>
      </div>
    </li>
  );
}
