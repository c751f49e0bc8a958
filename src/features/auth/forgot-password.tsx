/**
 * /forgot-password (spec 2 §4 Password pages): an account with a phone is told to sign in with
 * the phone (the server answers 409 with that text); otherwise a reset email is sent and a generic
 * success message shows, the same whether or not the email has an account.
 */
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { sendPasswordResetEmail } from './accounts-api';
import { toAuthErrorMessage } from './auth-errors';
import { AUTH_MESSAGES } from './auth-messages';
import { checkEmail, normaliseEmail } from './auth-validation';
import { FormMessage, TextField } from './text-field';
import './auth.css';
import { BusyButton } from '../../ui/busy-button';

export function ForgotPassword() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [sentMessage, setSentMessage] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    const problem = checkEmail(email, AUTH_MESSAGES.emailRequired);
    setFieldError(problem);
    setError(undefined);
    if (problem) return;
    setIsBusy(true);
    try {
      setSentMessage((await sendPasswordResetEmail(normaliseEmail(email))).message);
    } catch (caught: unknown) {
      setError(toAuthErrorMessage(caught));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <section className="page page--narrow auth-page">
      <h1>Reset Password</h1>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {sentMessage ? (
        <FormMessage kind="success">{sentMessage}</FormMessage>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <p>Enter the email address of your account and we will email you a link to reset your password.</p>
          <TextField id={`${id}-email`} label="Email Address" type="email" autoComplete="email" value={email} onValueChange={setEmail} error={fieldError} />
          <BusyButton isBusy={isBusy} label="Send Reset Link" />
        </form>
      )}
      <p>
        <Link to="/sign-in">Sign in with your mobile phone number</Link>
      </p>
    </section>
  );
}
