/**
 * /user-mgmt (spec 2 §4 Password pages, Email verification): the target of emailed links.
 * mode=resetPassword checks the code (it names the email) and takes a new password, then goes to
 * legacy sign-in with newPassword=true; recoverEmail restores the email and mails a reset link;
 * verifyEmail validates the token and returns to the stored target when under 6 hours old.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { applyAuthActionCode, checkAuthActionCode, confirmNewPassword, verifyResetCode } from '../../lib/firebase';
import { recoverEmail, validateVerificationToken } from './accounts-api';
import { toAuthErrorMessage } from './auth-errors';
import { AUTH_MESSAGES } from './auth-messages';
import { checkNewPassword } from './auth-validation';
import { takeVerifyReturn } from './email-verify-return';
import { FormMessage, TextField } from './text-field';
import './auth.css';
import { BusyButton } from '../../ui/busy-button';

type View =
  | { kind: 'working' }
  | { kind: 'error'; message: string }
  | { kind: 'reset-form'; email: string }
  | { kind: 'recovered'; message: string }
  | { kind: 'verified' };

/** Codes are single-use: one run per code even when React mounts twice (StrictMode, remounts). */
const runs = new Map<string, Promise<View>>();

async function processAction(mode: string | undefined, oobCode: string, onReturn: (path: string) => void): Promise<View> {
  try {
    switch (mode) {
      case 'resetPassword':
        return { kind: 'reset-form', email: await verifyResetCode(oobCode) };
      case 'recoverEmail': {
        const { email } = await checkAuthActionCode(oobCode);
        await applyAuthActionCode(oobCode);
        if (!email) return { kind: 'error', message: AUTH_MESSAGES.systemError };
        return { kind: 'recovered', message: (await recoverEmail(email)).message };
      }
      case 'verifyEmail': {
        await validateVerificationToken(oobCode);
        const target = takeVerifyReturn(Date.now());
        if (target) onReturn(target);
        return { kind: 'verified' };
      }
      default:
        return { kind: 'error', message: AUTH_MESSAGES.invalidAction };
    }
  } catch (error: unknown) {
    return { kind: 'error', message: toAuthErrorMessage(error) };
  }
}

export function UserManagement({ mode, oobCode }: { mode: string | undefined; oobCode: string | undefined }) {
  const navigate = useNavigate();
  const id = useId();
  const [view, setView] = useState<View>(() => (oobCode ? { kind: 'working' } : { kind: 'error', message: AUTH_MESSAGES.missingOobCode }));
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [formError, setFormError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    if (!oobCode) return;
    const key = `${mode}:${oobCode}`;
    let run = runs.get(key);
    if (!run) {
      run = processAction(mode, oobCode, (path) => void navigate({ href: path, replace: true }));
      runs.set(key, run);
    }
    let isCurrent = true;
    void run.then((next) => isCurrent && setView(next));
    return () => {
      isCurrent = false;
    };
  }, [mode, oobCode, navigate]);

  async function submitNewPassword(event: React.FormEvent) {
    event.preventDefault();
    if (isBusy || !oobCode) return;
    const problem = checkNewPassword(password, confirmation);
    setFormError(problem);
    if (problem) return;
    setIsBusy(true);
    try {
      await confirmNewPassword(oobCode, password);
      await navigate({ to: '/sign-in/legacy', search: { newPassword: true }, replace: true });
    } catch (error: unknown) {
      setFormError(toAuthErrorMessage(error));
      setIsBusy(false);
    }
  }

  return (
    <section className="page page--narrow auth-page">
      {view.kind === 'working' && <p role="status">Please wait...</p>}
      {view.kind === 'error' && (
        <>
          <h1>Account</h1>
          <FormMessage kind="error">{view.message}</FormMessage>
          <p>
            <Link to="/forgot-password">Request a new password reset link</Link> · <Link to="/sign-in">Sign in</Link>
          </p>
        </>
      )}
      {view.kind === 'reset-form' && (
        <form onSubmit={(event) => void submitNewPassword(event)} noValidate>
          <h1>Reset Password</h1>
          <p>Choose a new password for {view.email}.</p>
          {formError && <FormMessage kind="error">{formError.startsWith('Error: ') ? formError : `Error: ${formError}`}</FormMessage>}
          <TextField id={`${id}-password`} label="New Password" type="password" autoComplete="new-password" value={password} onValueChange={setPassword} />
          <TextField id={`${id}-confirm`} label="Confirm Password" type="password" autoComplete="new-password" value={confirmation} onValueChange={setConfirmation} />
          <BusyButton isBusy={isBusy} label="Save Password" />
        </form>
      )}
      {view.kind === 'recovered' && (
        <>
          <h1>Email Restored</h1>
          <FormMessage kind="success">{view.message}</FormMessage>
        </>
      )}
      {view.kind === 'verified' && (
        <>
          <h1>Email Verified</h1>
          <FormMessage kind="success">{AUTH_MESSAGES.emailVerified}</FormMessage>
          <Link to="/sign-in" className="button">
            Login
          </Link>
        </>
      )}
    </section>
  );
}
