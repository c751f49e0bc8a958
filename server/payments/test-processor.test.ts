import { describe, expect, it } from 'vitest';
import { assertTestProcessorAllowed } from './test-processor.ts';

describe('assertTestProcessorAllowed', () => {
  it('refuses production unless explicitly allowed', () => {
    expect(() => assertTestProcessorAllowed(true, {})).toThrow(/must never take real cards/);
    expect(() => assertTestProcessorAllowed(true, { PARKFAIR_ALLOW_TEST_PROCESSOR: 'yes' })).toThrow();
    expect(() => assertTestProcessorAllowed(true, { PARKFAIR_ALLOW_TEST_PROCESSOR: 'true' })).not.toThrow();
    expect(() => assertTestProcessorAllowed(false, {})).not.toThrow();
  });
});
