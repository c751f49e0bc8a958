/** "Find Parking Near Me": shown only when the browser has geolocation (spec 1 §1). */
import { useNavigate } from '@tanstack/react-router';
import { useHydrated } from '../../lib/hydration';
import { useState } from 'react';
import { buildPositionSearch, GEOLOCATION_FAILED_TEXT } from './search-params';

export function hasGeolocation(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator;
}

export function NearMeButton() {
  const navigate = useNavigate();
  const [isLocating, setIsLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server draws the button (nearly every browser has geolocation); a browser without it
  // removes it after hydrating, so the hydrating render matches the server's.
  const isHydrated = useHydrated();
  if (isHydrated && !hasGeolocation()) return null;

  const locate = (): void => {
    setIsLocating(true);
    setError(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setIsLocating(false);
        void navigate({ to: '/search/results', search: buildPositionSearch(position.coords.latitude, position.coords.longitude) });
      },
      () => {
        setIsLocating(false);
        setError(GEOLOCATION_FAILED_TEXT);
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  return (
    <div className="near-me">
      <button type="button" className="button button--secondary" onClick={locate} disabled={isLocating}>
        {isLocating ? 'Checking your Location...' : 'Find Parking Near Me'}
      </button>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}
