import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { promoTilesQueryOptions } from '../features/content/promo-tiles-query';
import { HomePage } from '../features/home/home-page';
import { pageHead } from '../lib/head';

// Below the hero and the blurbs: its code loads after the first screen's (the server's HTML
// already shows the tiles; hydration attaches to them when the chunk arrives).
const PromoTiles = lazy(() => import('../features/content/promo-tiles').then((module) => ({ default: module.PromoTiles })));

export const Route = createFileRoute('/')({
  // Not awaited: the hero renders at once and the tiles fill in when the content call answers.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(promoTilesQueryOptions);
  },
  head: () => pageHead({ path: '/' }),
  component: () => (
    <HomePage
      promoTiles={
        <Suspense fallback={null}>
          <PromoTiles />
        </Suspense>
      }
    />
  ),
});
