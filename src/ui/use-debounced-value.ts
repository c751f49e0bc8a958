/**
 * A value that follows its input after `waitMs` of quiet, but never lags more than `maxWaitMs`
 * behind the first change of a burst (spec 1 §9: search box 500 ms, max wait 1,000 ms), so a
 * fast typist still sees suggestions while typing.
 */
import { useEffect, useRef, useState } from 'react';

export function useDebouncedValue<T>(value: T, waitMs: number, maxWaitMs: number): T {
  const [settled, setSettled] = useState(value);
  const burstStart = useRef<number | null>(null);
  useEffect(() => {
    if (Object.is(value, settled)) {
      burstStart.current = null;
      return undefined;
    }
    burstStart.current ??= Date.now();
    const untilMaxWait = maxWaitMs - (Date.now() - burstStart.current);
    const timer = setTimeout(() => {
      burstStart.current = null;
      setSettled(value);
    }, Math.max(0, Math.min(waitMs, untilMaxWait)));
    return () => clearTimeout(timer);
  }, [value, settled, waitMs, maxWaitMs]);
  return settled;
}
