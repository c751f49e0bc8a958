/**
 * Home page promo tiles: a static grid for three or fewer tiles on desktop, otherwise a CSS
 * scroll-snap slider whose arrows wrap around (a loop without cloned slides). Loaded after the
 * hero so a slow content call never delays the first screen.
 */
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { ContentItem } from '../../contract/content';
import { HrefLink } from '../../ui/href-link';
import { HtmlContent } from '../../ui/html-content';
import { getPromoTileLink, isPromoGrid, nextSlideIndex, slidesPerView } from './promo-tile-rules';
import { promoTilesQueryOptions } from './promo-tiles-query';

function PromoTile({ tile }: { tile: ContentItem }) {
  const link = getPromoTileLink(tile);
  return (
    <li className="promo-tile">
      <h3 className="promo-tile__title">
        {link.isExternal ? (
          <a className="stretched-link" href={link.href} target="_blank" rel="noopener noreferrer">
            {tile.header}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : (
          <HrefLink className="stretched-link" href={link.href}>
            {tile.header}
          </HrefLink>
        )}
      </h3>
      <HtmlContent html={tile.cardHtml} className="promo-tile__body" />
    </li>
  );
}

export function PromoTiles() {
  const { data: tiles = [] } = useQuery(promoTilesQueryOptions);
  const trackRef = useRef<HTMLUListElement>(null);
  if (tiles.length === 0) return null;
  const isGrid = isPromoGrid(tiles.length);

  const move = (step: number): void => {
    const track = trackRef.current;
    const first = track?.firstElementChild;
    if (!track || !(first instanceof HTMLElement)) return;
    const slideWidth = first.getBoundingClientRect().width || 1;
    const current = Math.round(track.scrollLeft / slideWidth);
    const next = nextSlideIndex(current, step, tiles.length, slidesPerView(window.innerWidth));
    track.scrollTo({ left: next * slideWidth, behavior: 'smooth' });
  };

  return (
    <section className={`promo-tiles ${isGrid ? 'promo-tiles--grid' : 'promo-tiles--slider'}`} aria-label="Featured">
      <ul ref={trackRef} className="promo-tiles__track">
        {tiles.map((tile) => (
          <PromoTile key={tile.contentId} tile={tile} />
        ))}
      </ul>
      <div className="promo-tiles__controls">
        <button type="button" className="icon-button" aria-label="Previous promotions" onClick={() => move(-1)}>
          ‹
        </button>
        <button type="button" className="icon-button" aria-label="Next promotions" onClick={() => move(1)}>
          ›
        </button>
      </div>
    </section>
  );
}
