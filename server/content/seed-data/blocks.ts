/**
 * The two single HTML bodies of the content service: the oversize-vehicles modal and the
 * locations page. The locations page lists every seeded garage by area, built from the same
 * garage records the locations service seeds, so the page and the API never disagree.
 */
import type { LocationArea } from '../../../src/contract/locations.ts';
import { ALL_GARAGES } from '../../locations/seed-data/all-garages.ts';
import { seoUrlFor } from '../../locations/seed-data/garage-seed.ts';
import { OVERSIZE_RULES_HTML } from './pages-help.ts';

export const OVERSIZE_CONTENT_ID = 100;
export const LOCATIONS_LIST_CONTENT_ID = 101;

export const OVERSIZE_VEHICLES_HTML = `<h2>Oversized Vehicles</h2>\n${OVERSIZE_RULES_HTML}`;

const AREA_HEADINGS: Record<LocationArea, { title: string; blurb: string }> = {
  manhattan: { title: 'Manhattan', blurb: 'From Battery Park to the Upper East and West Side, with garages by Times Square, Penn Station and Grand Central.' },
  brooklyn: { title: 'Brooklyn', blurb: 'Downtown Brooklyn, Brooklyn Heights, DUMBO, the Navy Yard and Barclays Center.' },
  'jersey-city': { title: 'Jersey City', blurb: 'Next to the Exchange Place, Newport, Grove Street and Journal Square PATH stations.' },
  newark: { title: 'Newark', blurb: 'At Newark Penn Station and across the street from Prudential Center.' },
  secaucus: { title: 'Secaucus', blurb: 'Park and train at Secaucus Junction, minutes from NJ Turnpike Exit 15X.' },
};

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function buildLocationsListHtml(): string {
  const sections = (Object.keys(AREA_HEADINGS) as LocationArea[]).map((area) => {
    const { title, blurb } = AREA_HEADINGS[area];
    const items = ALL_GARAGES.filter((g) => g.area === area)
      .map((g) => `<li><a href="/locations/${seoUrlFor(g)}">${escapeHtml(g.address1)}</a> – ${escapeHtml(g.neighborhood)} (${escapeHtml(g.crossStreet)})</li>`)
      .join('\n');
    return `<section id="${area}">\n<h2>${title}</h2>\n<p>${blurb}</p>\n<ul>\n${items}\n</ul>\n</section>`;
  });
  return `<h1>Our Locations</h1>\n<p>Nearly 40 ParkFair garages with about 10,000 spaces across New York City and northern New Jersey. Choose a garage for its hours, amenities and rates, or search near where you are going.</p>\n${sections.join('\n')}`;
}
