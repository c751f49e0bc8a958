/** Cookie notice (spec 1 §1, §2.4): shown until Continue or close; remembered as `pf-cookie-accepted`. */
import { useHydrated } from '../lib/hydration';
import { useState } from 'react';
import { STORAGE_KEYS } from '../lib/constants';
import { readStorage, writeStorage } from '../lib/storage';
import { HrefLink } from './href-link';

export function CookieNotice() {
  const [isAccepted, setIsAccepted] = useState(() => readStorage(STORAGE_KEYS.cookieAccepted) === 'true');
  // Server-rendered pages carry the notice (the server cannot know it was accepted): the
  // hydrating render draws it too, the next one removes it.
  const isHydrated = useHydrated();
  if (isAccepted && isHydrated) return null;
  const accept = (): void => {
    writeStorage(STORAGE_KEYS.cookieAccepted, 'true');
    setIsAccepted(true);
  };
  return (
    <section className="cookie-notice" aria-label="Cookie notice">
      <p>
        We use cookies and similar storage to keep you signed in, remember your searches and make the site work offline. See our{' '}
        <HrefLink href="/privacy-policy">Privacy Policy</HrefLink>.
      </p>
      <div className="cookie-notice__actions">
        <button type="button" className="button" onClick={accept}>
          Continue
        </button>
        <button type="button" className="icon-button" aria-label="Close cookie notice" onClick={accept}>
          ×
        </button>
      </div>
    </section>
  );
}
