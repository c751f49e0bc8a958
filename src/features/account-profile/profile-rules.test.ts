import { describe, expect, it } from 'vitest';
import { asFieldError, checkDisplayName, DISPLAY_NAME_MAX_LENGTH, normaliseDisplayName, parseEmailVerified } from './profile-rules';

describe('checkDisplayName', () => {
  it('requires a name with the spec 2 §5 single-name text', () => {
    expect(checkDisplayName('')).toBe('Customer Name field is required');
    expect(checkDisplayName('   \t ')).toBe('Customer Name field is required');
  });

  it('accepts a name up to the server limit, counted after trimming', () => {
    expect(checkDisplayName('Ann Lee')).toBeUndefined();
    expect(checkDisplayName(` ${'a'.repeat(DISPLAY_NAME_MAX_LENGTH)} `)).toBeUndefined();
    expect(checkDisplayName('a'.repeat(DISPLAY_NAME_MAX_LENGTH + 1))).toBe('Customer Name must be at most 200 characters');
  });
});

describe('normaliseDisplayName', () => {
  it('trims and collapses inner whitespace', () => {
    expect(normaliseDisplayName('  Ann   Lee \n')).toBe('Ann Lee');
  });
});

describe('parseEmailVerified', () => {
  it('is true only for the text "true", in any case (spec 2 §5)', () => {
    for (const answer of [true, 'true', 'TRUE', 'True']) expect(parseEmailVerified(answer)).toBe(true);
    for (const answer of [false, 'false', 'yes', '1', ' true', '', undefined, null, 1, { isEmailVerified: true }]) expect(parseEmailVerified(answer)).toBe(false);
  });
});

describe('asFieldError', () => {
  it('adds the "Error: " prefix once', () => {
    expect(asFieldError('Customer Name field is required')).toBe('Error: Customer Name field is required');
    expect(asFieldError('Error: already')).toBe('Error: already');
  });
});
