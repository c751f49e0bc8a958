import { describe, expect, it } from 'vitest';
import { CLAIM_LIMITS, stripClaimNumberPrefix } from '../../contract/claims';
import { maxLengthOf } from './claim-form-fields';

describe('claim number maxlength (issue 38 item 11)', () => {
  it('lets no more digits in than the rule accepts', () => {
    expect(maxLengthOf('claimNumber', '')).toBe(CLAIM_LIMITS.claimNumber);
    expect(maxLengthOf('claimNumber', '1'.repeat(20))).toBe(20);
  });
  it('gives one more only for the leading E the form removes when sending', () => {
    expect(maxLengthOf('claimNumber', 'E123')).toBe(21);
    expect(maxLengthOf('claimNumber', 'e123')).toBe(21);
    expect(stripClaimNumberPrefix(`E${'1'.repeat(20)}`)).toHaveLength(20);
  });
  it('keeps the other limits as the rule has them', () => {
    expect(maxLengthOf('firstName', 'E')).toBe(50);
    expect(maxLengthOf('locationID')).toBeUndefined();
  });
});
