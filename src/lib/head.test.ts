import { describe, expect, it } from 'vitest';
import { canonicalUrl, DEFAULT_DESCRIPTION, DEFAULT_TITLE, formatPageTitle, pageHead, titledHead } from './head';

describe('head tags', () => {
  it('suffixes the site name unless the title already has it', () => {
    expect(formatPageTitle('Receipts')).toBe('Receipts | ParkFair');
    expect(formatPageTitle('FAQ | ParkFair')).toBe('FAQ | ParkFair');
    expect(formatPageTitle(undefined)).toBe(DEFAULT_TITLE);
  });

  it('builds a canonical URL without query or hash', () => {
    expect(canonicalUrl('/locations?x=1#top', 'https://parkfair.example')).toBe('https://parkfair.example/locations');
    expect(canonicalUrl('', 'https://parkfair.example')).toBe('https://parkfair.example/');
    expect(canonicalUrl('/', 'https://parkfair.example')).toBe('https://parkfair.example/');
    expect(canonicalUrl('/locations/', 'https://parkfair.example')).toBe('https://parkfair.example/locations');
  });

  it('always has title, description, keywords and one canonical link', () => {
    const head = pageHead({ title: 'About', path: '/about' });
    expect(head.meta).toContainEqual({ title: 'About | ParkFair' });
    expect(head.meta).toContainEqual({ name: 'description', content: DEFAULT_DESCRIPTION });
    expect(head.meta.some((m) => 'name' in m && m.name === 'keywords')).toBe(true);
    expect(head.links).toHaveLength(1);
    expect(head.links[0]?.rel).toBe('canonical');
  });

  it('gives a fixed-title route the same tags as pageHead, for the path it matched', () => {
    expect(titledHead('Receipts')({ match: { pathname: '/my-account/receipts/' } })).toEqual(pageHead({ title: 'Receipts', path: '/my-account/receipts/' }));
  });
});
