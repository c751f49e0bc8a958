/**
 * Promo tiles (type 1), marketing pins (type 2) and search content (type 3).
 * A tile without a link sends the visitor to /search/content/{contentId}/{slug}, which searches
 * around the tile's own latitude/longitude, so such tiles carry coordinates.
 */
export type ContentItemSeed = {
  contentId: number; contentTypeId: 1 | 2 | 3; slug: string; header: string; cardHtml: string; contentHtml: string;
  linkUrl: string | null; linkType: 'EXTERNAL' | 'INTERNAL' | null; latitude: number | null; longitude: number | null; displayOrder: number;
};

/** Secaucus Junction: the fixed point of the "Park and Train in NJ" content search. */
export const SECAUCUS_JUNCTION = { latitude: 40.76118, longitude: -74.07568 } as const;
export const PARK_AND_TRAIN_CONTENT_ID = 20;

const PARK_AND_TRAIN_HTML = `<h2>Park and Train in NJ</h2>
<p>Skip the tunnel traffic. Take the NJ Turnpike to Exit 15X, park at Secaucus Junction and ride into Midtown: NJ Transit trains reach New York Penn Station in about 10 minutes, several times an hour.</p>
<ul><li>Reserve a daily space online or park by plate on arrival</li><li>Open 24 hours, with EV charging and room for oversized vehicles</li><li>Monthly commuter parking available</li></ul>`;

export const CONTENT_ITEMS: readonly ContentItemSeed[] = [
  // Promo tiles (home page).
  {
    contentId: 1, contentTypeId: 1, slug: 'park-and-train-from-secaucus', header: 'Park & Train from Secaucus',
    cardHtml: '<p>Turnpike Exit 15X, park at Secaucus Junction, and be at Penn Station in about 10 minutes.</p>',
    contentHtml: PARK_AND_TRAIN_HTML, linkUrl: null, linkType: null, ...SECAUCUS_JUNCTION, displayOrder: 1,
  },
  {
    contentId: 2, contentTypeId: 1, slug: 'go-monthly', header: 'Commuting? Go monthly',
    cardHtml: '<p>Monthly parking at nearly 40 garages. Your card is not charged until the first of the month.</p>',
    contentHtml: '<p>Monthly parking with in-and-out privileges at garages across Manhattan, Brooklyn and New Jersey.</p>',
    linkUrl: '/monthly-parking', linkType: 'INTERNAL', latitude: null, longitude: null, displayOrder: 2,
  },
  {
    contentId: 3, contentTypeId: 1, slug: 'barclays-center-events', header: 'Going to Barclays Center?',
    cardHtml: '<p>See what is on at Barclays Center, then reserve a space one block away.</p>',
    contentHtml: '<p>Our Atlantic Terminal and Dean St garages are steps from Barclays Center.</p>',
    linkUrl: 'https://www.barclayscenter.com/events', linkType: 'EXTERNAL', latitude: null, longitude: null, displayOrder: 3,
  },
  {
    contentId: 4, contentTypeId: 1, slug: 'statue-of-liberty-ferry', header: 'Visiting the Statue of Liberty',
    cardHtml: '<p>Book your ferry, then park at 17 Battery Pl, the closest ParkFair garage to the boats.</p>',
    contentHtml: '<p>17 Battery Pl is a five-minute walk from the Statue of Liberty and Ellis Island ferries.</p>',
    linkUrl: 'https://www.statuecitycruises.com', linkType: 'EXTERNAL', latitude: null, longitude: null, displayOrder: 4,
  },
  {
    contentId: 5, contentTypeId: 1, slug: 'prudential-center-parking', header: 'Devils game night in Newark',
    cardHtml: '<p>Two garages across the street from Prudential Center. Reserve ahead on event nights.</p>',
    contentHtml: '<p>Park at 165 Mulberry St or 41 Edison Pl, both within a block of Prudential Center. Event rates apply on event days.</p>',
    linkUrl: null, linkType: null, latitude: 40.73347, longitude: -74.17107, displayOrder: 5,
  },
  // Marketing pins (search map).
  {
    contentId: 11, contentTypeId: 2, slug: 'park-and-train-in-nj', header: 'Park and Train in NJ',
    cardHtml: `<h3>Park and Train in NJ</h3><p>NJ Turnpike Exit 15X to Secaucus for a quick ride into Midtown.</p><p><a class="btn" href="/search/content/${PARK_AND_TRAIN_CONTENT_ID}/park-and-train-in-nj">See Locations</a></p>`,
    contentHtml: PARK_AND_TRAIN_HTML, linkUrl: null, linkType: null, ...SECAUCUS_JUNCTION, displayOrder: 1,
  },
  {
    contentId: 12, contentTypeId: 2, slug: 'broadway-theatre-parking', header: 'Broadway theatre parking',
    cardHtml: '<h3>Seeing a show?</h3><p>Three garages within five minutes of the Times Square theatres. Reserve before curtain and skip the circling.</p>',
    contentHtml: '<p>Park at 123 W 44th St, 229 W 43rd St or 330 W 42nd St.</p>',
    linkUrl: null, linkType: null, latitude: 40.75801, longitude: -73.98551, displayOrder: 2,
  },
  {
    contentId: 13, contentTypeId: 2, slug: 'barclays-center', header: 'Barclays Center',
    cardHtml: '<h3>Barclays Center</h3><p>Nets, Liberty and concerts: park at Atlantic Terminal or on Dean St, one block from the arena.</p>',
    contentHtml: '<p>Event rates apply from two hours before doors open.</p>',
    linkUrl: null, linkType: null, latitude: 40.68265, longitude: -73.97541, displayOrder: 3,
  },
  {
    contentId: 14, contentTypeId: 2, slug: 'prudential-center', header: 'Prudential Center',
    cardHtml: '<h3>Prudential Center</h3><p>Across the street from the arena, and two blocks from Newark Penn Station.</p>',
    contentHtml: '<p>Event rates and the Newark event surcharge apply on event days.</p>',
    linkUrl: null, linkType: null, latitude: 40.73347, longitude: -74.17107, displayOrder: 4,
  },
  // Search content (a fixed search point with a story).
  {
    contentId: PARK_AND_TRAIN_CONTENT_ID, contentTypeId: 3, slug: 'park-and-train-in-nj', header: 'Park and Train in NJ',
    cardHtml: '<p>NJ Turnpike Exit 15X to Secaucus for a quick ride into Midtown.</p>',
    contentHtml: PARK_AND_TRAIN_HTML, linkUrl: null, linkType: null, ...SECAUCUS_JUNCTION, displayOrder: 1,
  },
  {
    contentId: 21, contentTypeId: 3, slug: 'holiday-shopping-in-midtown', header: 'Holiday shopping in Midtown',
    cardHtml: '<p>Park once and walk to the windows on Fifth Avenue, Rockefeller Center and Herald Square.</p>',
    contentHtml: '<h2>Holiday shopping in Midtown</h2><p>Our Midtown garages are a short walk from Rockefeller Center, the Fifth Avenue windows and Herald Square. Reserve ahead on December weekends.</p>',
    linkUrl: null, linkType: null, latitude: 40.75874, longitude: -73.97870, displayOrder: 2,
  },
];
