/**
 * Announcement banners, placed relative to `now`: one expired, one hidden, one live on the
 * home and search pages, the health-and-safety banner (its id maps to /covid-19 on the client)
 * and one shown to visitors arriving from an aggregator site.
 */
import { COVID_BANNER_ID } from '../../../src/contract/content.ts';

export type BannerSeed = {
  bannerId: number; messageHtml: string; cssStyle: Record<string, string>; effectiveFrom: Date; effectiveTill: Date | null;
  isHidden: boolean; redirectUrl: string | null; displayOrder: number;
  routes: { requestRegex: string | null; refererRegex: string | null }[];
};

const DAY = 86_400_000;

export function buildBanners(now: Date): BannerSeed[] {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  return [
    {
      bannerId: 1, displayOrder: 1, isHidden: false, effectiveFrom: at(-60), effectiveTill: at(-30),
      messageHtml: '<strong>Weekend special:</strong> save 20% on weekend reservations booked by Thursday.',
      cssStyle: { backgroundColor: '#fff3cd', color: '#664d03' }, redirectUrl: '/search/results',
      routes: [{ requestRegex: '^/$', refererRegex: null }],
    },
    {
      bannerId: 2, displayOrder: 2, isHidden: true, effectiveFrom: at(-5), effectiveTill: at(25),
      messageHtml: 'Scheduled maintenance: online reservations may be unavailable Sunday 2 AM–4 AM.',
      cssStyle: { backgroundColor: '#f8d7da', color: '#58151c' }, redirectUrl: null,
      routes: [{ requestRegex: '.*', refererRegex: null }],
    },
    {
      bannerId: 3, displayOrder: 3, isHidden: false, effectiveFrom: at(-7), effectiveTill: at(14),
      messageHtml: '<strong>Thanksgiving weekend:</strong> reserve now and save up to 30% at Midtown garages.',
      cssStyle: { backgroundColor: '#0b5c3b', color: '#ffffff' }, redirectUrl: '/locations',
      routes: [{ requestRegex: '^/$', refererRegex: null }, { requestRegex: '^/search', refererRegex: null }],
    },
    {
      bannerId: COVID_BANNER_ID, displayOrder: 4, isHidden: false, effectiveFrom: at(-400), effectiveTill: null,
      messageHtml: 'Your health and safety: contactless payment at every garage. Read what we do.',
      cssStyle: { backgroundColor: '#e7f1ff', color: '#052c65' }, redirectUrl: '/covid-19',
      routes: [{ requestRegex: '^/locations', refererRegex: null }, { requestRegex: '^/FAQ$', refererRegex: null }],
    },
    {
      bannerId: 5, displayOrder: 5, isHidden: false, effectiveFrom: at(-30), effectiveTill: at(60),
      messageHtml: 'Booked through SpotHero or ParkWhiz? Redeem your reservation here for a faster exit.',
      cssStyle: { backgroundColor: '#fff', color: '#0b5c3b', borderBottom: '2px solid #0b5c3b' }, redirectUrl: '/my-account/reservations',
      routes: [{ requestRegex: null, refererRegex: '^https?://(www\\.)?(spothero|parkwhiz)\\.com' }],
    },
  ];
}
