/**
 * "Downloading the latest website updates..." while a new version installs and waits to take
 * over (state from src/lib/sw-update-store.ts, driven by src/lib/sw-bridge.ts). Rendered once by
 * the root layout; announced politely to screen readers.
 *
 * The new version is applied at a safe moment (src/lib/update-holds.ts). The banner offers two of
 * them: every navigation, and a tap — while something holds the update (typed input, a payment,
 * an open exit pass) the driver can still choose to reload now.
 *
 * The banner sits in the page flow above the header: it never covers what is on screen (an exit
 * pass, a form), it only moves the page down by one line when it appears.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { watchNavigationMoments } from '../lib/navigation-moments';
import { canTapToApply, isUpdateBannerVisible, updateStore } from '../lib/sw-update-store';

export const UPDATE_BANNER_TEXT = 'Downloading the latest website updates...';
const TAP_HINT = 'Tap to finish now.';

/** Offers a safe moment after each navigation (src/lib/navigation-moments.ts says when). */
function useNavigationMoment(): void {
  const href = useRouterState({ select: (state) => state.location.href });
  const router = useRouter();
  const queryClient = useQueryClient();
  const [moments] = useState(() =>
    watchNavigationMoments({
      isPageQuiet: () => router.state.status === 'idle' && queryClient.isFetching() === 0 && queryClient.isMutating() === 0,
      isWaiting: () => updateStore.getStatus() === 'waiting',
      offer: () => updateStore.offerSafeMoment('navigation'),
    }),
  );
  useEffect(() => moments.locationIs(href), [moments, href]);
  useEffect(() => moments.stop, [moments]);
}

export function UpdateBanner() {
  const status = useSyncExternalStore(updateStore.subscribe, updateStore.getStatus, updateStore.getStatus);
  useNavigationMoment();
  if (!isUpdateBannerVisible(status)) return null;
  if (canTapToApply(status)) {
    return (
      <div role="status" aria-live="polite" className="update-banner">
        <button type="button" style={{ ...bannerStyle, ...buttonReset }} onClick={() => updateStore.offerSafeMoment('tap')}>
          {UPDATE_BANNER_TEXT} <span style={hintStyle}>{TAP_HINT}</span>
        </button>
      </div>
    );
  }
  return (
    <div role="status" aria-live="polite" className="update-banner" style={bannerStyle}>
      {UPDATE_BANNER_TEXT}
    </div>
  );
}

// Inline so the banner looks right before (or without) the app's stylesheet: it must show
// during an update, which is exactly when styles may be mid-swap.
const bannerStyle = {
  display: 'block',
  width: '100%',
  minHeight: '44px',
  padding: '0.6rem 1rem',
  background: '#0b5c3b',
  color: '#ffffff',
  textAlign: 'center',
  font: '600 0.9375rem/1.4 system-ui, sans-serif',
  overflowWrap: 'anywhere',
} as const;

const buttonReset = { border: 0, margin: 0, cursor: 'pointer' } as const;
const hintStyle = { fontWeight: 400, textDecoration: 'underline' } as const;
