/**
 * Shared pending and error states for routes (root defaults). The error state is its own chunk
 * (page-error.tsx, with the error classes): no first screen draws it. The service worker
 * precaches it with every chunk, and main.tsx loads it after the first page, so it is there when
 * the network is not; should it still not load, a short text says so instead of a blank page.
 */
import type { ErrorComponentProps } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

export function PagePending() {
  return (
    <div className="page page--narrow page-pending" role="status" aria-live="polite">
      Loading...
    </div>
  );
}

export const loadPageError = () => import('./page-error');

function ErrorChunkMissing() {
  return (
    <section className="page page--narrow" role="alert">
      <h1>Network Problem</h1>
    </section>
  );
}

const LazyPageError = lazy(() => loadPageError().then(({ PageError }) => ({ default: PageError }), () => ({ default: ErrorChunkMissing })));

export function PageError(props: ErrorComponentProps) {
  return (
    <Suspense fallback={<PagePending />}>
      <LazyPageError {...props} />
    </Suspense>
  );
}
