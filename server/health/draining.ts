/**
 * Whether this process is draining: set when SIGTERM (or Ctrl-C) starts the stop in main.ts, so
 * readiness answers 503 to any request still arriving on an open connection while the requests
 * in flight finish. One per process, as the process is what drains.
 */
let drainingSince: Date | undefined;

export function startDraining(at: Date = new Date()): void {
  drainingSince ??= at;
}

export const isDraining = (): boolean => drainingSince !== undefined;

/** For tests that drain and carry on in the same process. */
export function stopDrainingForTests(): void {
  drainingSince = undefined;
}
