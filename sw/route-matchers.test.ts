import { describe, expect, it } from 'vitest';
import { isServerRenderedPage } from '../src/contract/server-rendered-pages.ts';
import { isCacheableMapData, isHomeScreenLaunch, isImage, isPublicApiRead, isShellNavigation } from './route-matchers.ts';

const url = (path: string) => new URL(path, 'https://parkfair.example');

describe('isShellNavigation', () => {
  it.each(['/', '/parkandpay/welcome', '/locations/manhattan/some-garage', '/no-parking', '/search/results?q=soho'])('answers %s with the shell', (path) => {
    expect(isShellNavigation(url(path).pathname)).toBe(true);
  });
  it.each(['/locations/api/locations/1', '/content/api/pages/about', '/accounts/api', '/healthz', '/mapdata/nyc.pmtiles', '/robots.txt', '/sw.js'])('leaves %s to the network', (path) => {
    expect(isShellNavigation(url(path).pathname)).toBe(false);
  });
});

describe('server-rendered navigations', () => {
  it.each(['/', '/locations', '/locations/', '/locations/123-w-44th-st-new-york', '/FAQ', '/about', '/privacy-policy', '/parkandpay/welcome', '/search/results', '/search/event/12/knicks', '/search/content/3'])('asks the network for %s while online', (path) => {
    expect(isServerRenderedPage(url(path).pathname)).toBe(true);
  });
  it.each(['/parkandpay/session', '/parkandpay/digital-tickets', '/account/profile', '/sign-in', '/retrieve-car', '/locations/a/b', '/faq-old', '/search', '/search/event'])('opens %s from the shell', (path) => {
    expect(isServerRenderedPage(url(path).pathname)).toBe(false);
  });
  it('opens the start URL and the shortcuts from the shell at once', () => {
    expect(isHomeScreenLaunch(url('/?source=pwa'))).toBe(true);
    expect(isHomeScreenLaunch(url('/parkandpay/welcome?source=shortcut'))).toBe(true);
    expect(isHomeScreenLaunch(url('/'))).toBe(false);
    expect(isHomeScreenLaunch(url('/parkandpay/welcome?location=1044'))).toBe(false);
  });
});

describe('runtime cache matchers', () => {
  it('caches public reads only: GET, same origin, locations and content', () => {
    expect(isPublicApiRead(url('/locations/api/locations'), 'GET', true)).toBe(true);
    expect(isPublicApiRead(url('/content/api/banners'), 'GET', true)).toBe(true);
    expect(isPublicApiRead(url('/locations/api/locations'), 'POST', true)).toBe(false);
    expect(isPublicApiRead(url('/accounts/api/me'), 'GET', true)).toBe(false);
    expect(isPublicApiRead(url('/locations/api/locations'), 'GET', false)).toBe(false);
  });
  it('caches images and whole map files, never a range read', () => {
    expect(isImage(url('/images/locations/1/entrance.jpg'), true)).toBe(true);
    expect(isImage(url('/icons/icon-192.png'), true)).toBe(false);
    expect(isCacheableMapData(url('/mapdata/style.json'), true, false)).toBe(true);
    expect(isCacheableMapData(url('/mapdata/nyc.pmtiles'), true, true)).toBe(false);
  });
});
