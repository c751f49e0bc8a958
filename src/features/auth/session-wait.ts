/**
 * After a sign-in call resolves, the session store learns of the user through Firebase's
 * listener; guards of protected routes read the store, so navigation waits for it (briefly).
 */
import { session } from '../../lib/session';

export function waitForSignedIn(timeoutMs = 5_000): Promise<void> {
  void session.start();
  if (session.getState().status === 'signed-in') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    const unsubscribe = session.subscribe(() => {
      if (session.getState().status === 'signed-in') done();
    });
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}
