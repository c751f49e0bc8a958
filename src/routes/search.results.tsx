import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { pageHead, parkingNearTitle } from '../lib/head';
import { ComingSoon } from '../ui/coming-soon';

/** Search URL parameters (spec 1 §4): bad values fall back to "not given". */
const searchResultsSearchSchema = v.object({
  // The router JSON-parses query values, so a ZIP code arrives (and must stay) a number.
  q: v.fallback(v.optional(v.union([v.string(), v.number()])), undefined),
  lat: v.fallback(v.optional(v.pipe(v.number(), v.minValue(-90), v.maxValue(90))), undefined),
  lng: v.fallback(v.optional(v.pipe(v.number(), v.minValue(-180), v.maxValue(180))), undefined),
  from: v.fallback(v.optional(v.string()), undefined),
  to: v.fallback(v.optional(v.string()), undefined),
  type: v.fallback(v.optional(v.picklist(['monthly'])), undefined),
  oversized: v.fallback(v.optional(v.picklist([1])), undefined),
});

export const Route = createFileRoute('/search/results')({
  validateSearch: searchResultsSearchSchema,
  head: ({ match }) => pageHead({ title: parkingNearTitle(match.search.q), path: match.pathname }),
  component: function SearchResults() {
    const { q } = Route.useSearch();
    return <ComingSoon title={parkingNearTitle(q)} />;
  },
});
