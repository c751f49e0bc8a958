/** Shared pending and error states for routes (root defaults). */
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { getErrorMessage, NetworkError } from '../lib/errors';

export function PagePending() {
  return (
    <div className="page page--narrow page-pending" role="status" aria-live="polite">
      Loading...
    </div>
  );
}

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
