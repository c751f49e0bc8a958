/**
 * Verify email form (spec 2 §2, §4 Email verification): an Email Address field and a Verify
 * Email Address button. A changed email is saved first; with a stale session (15 minutes) or a
 * requires-recent-login answer the sign-in modal opens and the change continues after it. The
 * page to come back to is stored under emailVerify-return before the email is sent.
 */
import { useId, useState } from 'react';
import { STALE_SESSION_MS } from '../../lib/constants';
import { session } from '../../lib/session';
import { sendVerificationEmail, updateEmail } from './accounts-api';
import { isRequiresRecentLogin, toAuthErrorMessage } from './auth-errors';
import { AUTH_MESSAGES } from './auth-messages';
import { checkEmail, normaliseEmail } from './auth-validation';
import { rememberVerifyReturn } from './email-verify-return';
import { SignInModal } from './sign-in-modal';
import { FormMessage, TextField } from './text-field';
import { BusyButton } from '../../ui/busy-button';

export function VerifyEmailForm({ currentEmail, returnPath, onSent }: { currentEmail: string | null; returnPath: string; onSent?: (email: string) => void }) {
  const id = useId();
  const [email, setEmail] = useState(currentEmail ?? '');
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [success, setSuccess] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const [isModalOpen, setIsModalOpen] = useState(false);

  async function saveAndSend(address: string) {
    setIsBusy(true);
    setError(undefined);
    try {
      if (address !== currentEmail?.toLowerCase()) {
        await updateEmail(address);
      }
      rememberVerifyReturn(returnPath, Date.now());
      const { message } = await sendVerificationEmail(address);
      setSuccess(message);
      onSent?.(address);
    } catch (caught: unknown) {
      if (isRequiresRecentLogin(caught)) setIsModalOpen(true);
      else setError(toAuthErrorMessage(caught));
    } finally {
      setIsBusy(false);
    }
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    const problem = checkEmail(email, AUTH_MESSAGES.emailRequired);
    setFieldError(problem);
    setSuccess(undefined);
    if (problem) return;
    const address = normaliseEmail(email);
    const isChange = address !== currentEmail?.toLowerCase();
    if (isChange && currentEmail && session.isStale(STALE_SESSION_MS)) return setIsModalOpen(true);
    void saveAndSend(address);
  }

  return (
    <div className="auth-page verify-email-form">
      <form onSubmit={submit} noValidate>
        {error && <FormMessage kind="error">{error}</FormMessage>}
        {success && <FormMessage kind="success">{success}</FormMessage>}
        <TextField id={`${id}-email`} label="Email Address" type="email" autoComplete="email" value={email} onValueChange={setEmail} error={fieldError} />
        <BusyButton isBusy={isBusy} label="Verify Email Address" />
      </form>
      <SignInModal
        isOpen={isModalOpen}
        onClose={() => setIsModalOpen(false)}
        onSignedIn={() => {
          setIsModalOpen(false);
          void saveAndSend(normaliseEmail(email));
        }}
      />
    </div>
  );
}
