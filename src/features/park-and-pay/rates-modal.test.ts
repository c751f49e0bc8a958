import { describe, expect, it } from 'vitest';
import { linePrice } from './rates-modal';

describe('linePrice (each rate label shown once)', () => {
  it('keeps only what follows the label', () => {
    expect(linePrice({ label: 'Up to 1 hour', amount: 22, text: 'Up to 1 hour $22.00' })).toBe('$22.00');
    expect(linePrice({ label: 'Oversize surcharge, per 24 hours', amount: 10, text: 'Oversize surcharge, per 24 hours +$10.00' })).toBe('+$10.00');
  });

  it('shows a line whose text does not start with its label as it is', () => {
    expect(linePrice({ label: 'Night', amount: 7, text: '$7.00 after 4 PM' })).toBe('$7.00 after 4 PM');
  });
});
