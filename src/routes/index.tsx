import { createFileRoute } from '@tanstack/react-router';
import { promoTilesQueryOptions } from '../features/content/promo-tiles-query';
import { PromoTiles } from '../features/content/promo-tiles';
import { HomePage } from '../features/home/home-page';
import { pageHead } from '../lib/head';

export const Route = createFileRoute('/')({
  // Not awaited: the hero renders at once and the tiles fill in when the content call answers.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(promoTilesQueryOptions);
  },
  head: () => pageHead({ path: '/' }),
  component: () => <HomePage promoTiles={<PromoTiles />} />,
});
