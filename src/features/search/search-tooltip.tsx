/**
 * The one-time hint about choosing times or dates (spec 1 §2.3, §9: it appears 750 ms after
 * load). Dismissed once, it never shows again on this device.
 */
import { useEffect, useState } from 'react';
import { readStorage, writeStorage } from '../../lib/storage';
import type { SearchType } from './search-url';

const SEEN_KEY = 'pf-search-tooltip-seen';
const DELAY_MS = 750;

export function SearchTooltip({ type }: { type: SearchType }) {
  const [isShown, setIsShown] = useState(false);
  useEffect(() => {
    if (readStorage(SEEN_KEY)) return undefined;
    const timer = setTimeout(() => setIsShown(true), DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!isShown) return null;
  const dismiss = (): void => {
    writeStorage(SEEN_KEY, '1');
    setIsShown(false);
  };
  return (
    <div className="search-tooltip" role="status">
      <p>{type === 'MONTHLY' ? 'Choose your start date to see monthly rates.' : 'Choose your arrival and departure times to see the exact price for your stay.'}</p>
      <button type="button" className="search-tooltip__close" onClick={dismiss}>
        Got it
      </button>
    </div>
  );
}
