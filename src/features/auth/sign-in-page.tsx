/** The /sign-in page: the sign-in flow in the page frame, with the expired-session note. */
import { SignInFlow, type SignInFlowProps } from './sign-in-flow';
import './auth.css';

export function SignInPage({ isExpired, ...flow }: SignInFlowProps & { isExpired: boolean }) {
  return (
    <section className="page page--narrow auth-page">
      {isExpired && (
        <p className="form-message form-message--notice" role="status">
          Your session has expired. Please sign in again.
        </p>
      )}
      <SignInFlow {...flow} />
    </section>
  );
}
