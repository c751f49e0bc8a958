/**
 * "Downloading the latest website updates..." while a new version installs and takes over
 * (state from src/lib/sw-update-store.ts, driven by src/lib/sw-bridge.ts). Rendered once by
 * the root layout; announced politely to screen readers.
 */
import { useSyncExternalStore } from 'react';
import { isUpdateBannerVisible, updateStore } from '../lib/sw-update-store';

export const UPDATE_BANNER_TEXT = 'Downloading the latest website updates...';

export function UpdateBanner() {
  const status = useSyncExternalStore(updateStore.subscribe, updateStore.getStatus, updateStore.getStatus);
  if (!isUpdateBannerVisible(status)) return null;
  return (
    <div role="status" aria-live="polite" className="update-banner" style={bannerStyle}>
      {UPDATE_BANNER_TEXT}
    </div>
  );
}

// Inline so the banner looks right before (or without) the app's stylesheet: it must show
// during an update, which is exactly when styles may be mid-swap.
const bannerStyle = {
  position: 'fixed',
  insetInline: 0,
  top: 0,
  zIndex: 1000,
  padding: '0.5rem 1rem',
  background: '#0b5c3b',
  color: '#ffffff',
  textAlign: 'center',
  font: '600 0.9375rem/1.4 system-ui, sans-serif',
} as const;
