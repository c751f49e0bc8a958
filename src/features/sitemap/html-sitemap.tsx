/** The HTML sitemap: every public page, then every garage by area. */
import { Link } from '@tanstack/react-router';
import type { Location } from '../../contract/locations';
import { INFO_PAGES, LEGAL_PAGES, SERVICE_PAGES, type SitePage } from '../../contract/site-pages';
import { HrefLink } from '../../ui/href-link';

type LocationGroup = { area: string; name: string; locations: readonly Location[] };

function PageList({ heading, pages }: { heading: string; pages: readonly SitePage[] }) {
  return (
    <section>
      <h2>{heading}</h2>
      <ul className="sitemap-list">
        {pages.map((page) => (
          <li key={page.path}>
            <HrefLink href={page.path}>{page.title}</HrefLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function HtmlSitemap({ locationGroups }: { locationGroups: readonly LocationGroup[] }) {
  return (
    <article className="page page--narrow">
      <h1>Sitemap</h1>
      <PageList heading="Parking" pages={SERVICE_PAGES} />
      <PageList heading="Company" pages={INFO_PAGES} />
      <PageList heading="Legal" pages={LEGAL_PAGES} />
      <section>
        <h2>Locations</h2>
        {locationGroups.map((group) => (
          <section key={group.area}>
            <h3>{group.name}</h3>
            <ul className="sitemap-list">
              {group.locations.map((location) => (
                <li key={location.locationId}>
                  <Link to="/locations/$slug" params={{ slug: location.seoUrl }}>
                    {location.locationDisplayText}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
    </article>
  );
}
