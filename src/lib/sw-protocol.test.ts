import { describe, expect, it } from 'vitest';
import { GET_VERSION, isPageToWorkerMessage, SKIP_WAITING } from './sw-protocol';

describe('isPageToWorkerMessage', () => {
  it('accepts the protocol messages', () => {
    expect(isPageToWorkerMessage({ type: SKIP_WAITING })).toBe(true);
    expect(isPageToWorkerMessage({ type: GET_VERSION })).toBe(true);
  });
  it('ignores anything else posted to the worker', () => {
    for (const data of [null, undefined, 'SKIP_WAITING', 42, {}, { type: 'skip_waiting' }, { kind: SKIP_WAITING }]) {
      expect(isPageToWorkerMessage(data)).toBe(false);
    }
  });
});
