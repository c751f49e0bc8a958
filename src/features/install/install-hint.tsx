/**
 * The "Add to Home Screen" hint (src/lib/install-prompt.ts decides when). In the page flow at
 * the top of the page, never over it: it appears with the screen after activation and stays
 * until the driver answers it, so it covers no exit pass and moves nothing under a thumb later.
 */
import { useSyncExternalStore } from 'react';
import { dismissInstallOffer, installOfferStore, promptInstall } from '../../lib/install-prompt';
import './install-hint.css';

export const INSTALL_HINT_TEXT = {
  title: 'Add ParkFair to your Home Screen',
  why: 'Next time, open your exit pass in one tap, even with no signal.',
  iosSteps: 'Tap the Share button in Safari, then choose "Add to Home Screen".',
} as const;

export function InstallHint() {
  const offer = useSyncExternalStore(installOfferStore.subscribe, installOfferStore.getOffer, installOfferStore.getOffer);
  if (!offer) return null;
  return (
    <section className="install-hint" aria-labelledby="install-hint-title">
      <h2 id="install-hint-title">{INSTALL_HINT_TEXT.title}</h2>
      <p>{INSTALL_HINT_TEXT.why}</p>
      {offer === 'ios-share' && <p>{INSTALL_HINT_TEXT.iosSteps}</p>}
      <div className="install-hint__actions">
        {offer === 'prompt' ? (
          <>
            <button type="button" className="button" onClick={() => void promptInstall()}>
              Add to Home Screen
            </button>
            <button type="button" className="button button--secondary" onClick={dismissInstallOffer}>
              Not Now
            </button>
          </>
        ) : (
          <button type="button" className="button button--secondary" onClick={dismissInstallOffer}>
            Got It
          </button>
        )}
      </div>
    </section>
  );
}
