/**
 * A route's error state (the root's and the router's default errorComponent). Its own chunk: a
 * first screen never shows it, so page-status.tsx loads it when an error is drawn.
 */
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { getErrorMessage, NetworkError } from '../lib/errors';

export function PageError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const isOffline = error instanceof NetworkError;
  return (
    <section className="page page--narrow" role="alert">
      <h1>{isOffline ? 'Network Problem' : 'Something went wrong'}</h1>
      <p>{isOffline ? error.message : getErrorMessage(error)}</p>
      <button
        type="button"
        className="button"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Try again
      </button>
    </section>
  );
}
