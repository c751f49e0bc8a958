/**
 * Home: the lot first (lot-start.tsx: the parked car, Pay by Plate, Scan Ticket, Retrieve
 * Vehicle), then the hero with search, near-me and locations links, and the three benefit blurbs.
 */
import { Link, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { HeroSearch } from './hero-search';
import { LotStart, useParkedCarPassView } from './lot-start';
import { NearMeButton } from './near-me-button';
import { useParkedCar } from './use-parked-car';

const BLURBS = [
  { title: 'Ideal Locations', text: 'Nearly 40 garages and about 10,000 spaces across Manhattan, Brooklyn, Jersey City, Newark and Secaucus — close to where you are going.' },
  { title: 'Safe and Secure Access', text: 'Attended, well-lit garages with secure access, so your car is waiting just as you left it.' },
  { title: 'Locally Owned Since 1956', text: 'A family of New York and New Jersey parking people, serving drivers and commuters for nearly seventy years.' },
] as const;

/** The manifest's start_url carries `source=pwa`: the app was opened from the home-screen icon. */
const isStartUrl = (search: Record<string, unknown>): boolean => search['source'] === 'pwa';

export function HomePage({ promoTiles }: { promoTiles: ReactNode }) {
  const { isDeciding, car } = useParkedCar();
  const showsPass = useSearch({ strict: false, select: isStartUrl });
  const pass = useParkedCarPassView(showsPass && car !== undefined);
  // The start URL's pass is a chunk of its own (lot-start.tsx): the page waits for it as it
  // waits for the decision, rather than draw the lot buttons and push them down with the pass.
  if (isDeciding || pass.isLoading) return <div className="home-deciding" />;
  return (
    <>
      <LotStart car={car} PassView={pass.view} />
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <h1 id="hero-title">Parking in New York &amp; New Jersey</h1>
          <p className="hero__lead">Search, compare rates and reserve a space in seconds.</p>
          <HeroSearch />
          <div className="hero__actions">
            <NearMeButton />
            <Link to="/locations" className="button button--ghost">
              See Our Locations
            </Link>
          </div>
        </div>
      </section>
      <section className="blurbs" aria-label="Why ParkFair">
        {BLURBS.map((blurb) => (
          <div key={blurb.title} className="blurb">
            <h2>{blurb.title}</h2>
            <p>{blurb.text}</p>
          </div>
        ))}
      </section>
      {promoTiles}
    </>
  );
}
