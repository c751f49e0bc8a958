/**
 * Changing the mobile number of a signed-in account (spec 2 §4 step 6): the new number gets an
 * SMS code; an account with a password re-authenticates with it first; the phone is changed at
 * the identity provider with the code, then recorded by the accounts API. A phone-only account
 * whose sign-in is too old (auth/requires-recent-login) gets the sign-in modal; after signing in
 * there, the change is confirmed again with the same code.
 */
import type { CountryCode } from 'libphonenumber-js';
import { useEffect, useId, useState } from 'react';
import { currentUserHasPassword, reauthenticateWithPassword, reloadCurrentUser, sendPhoneVerificationCode, updateCurrentUserPhone } from '../../lib/firebase';
import { session } from '../../lib/session';
import { updatePhoneNumber } from './accounts-api';
import { isRequiresRecentLogin, toAuthErrorMessage } from './auth-errors';
import { AUTH_MESSAGES } from './auth-messages';
import { checkPassword, checkPhone } from './auth-validation';
import { PhoneInput } from './phone-input';
import { SignInModal } from './sign-in-modal';
import { FormMessage, TextField } from './text-field';
import { BusyButton } from '../../ui/busy-button';

export function ChangePhoneForm({ onChanged }: { onChanged?: (phoneNumber: string) => void }) {
  const id = useId();
  const [country, setCountry] = useState<CountryCode>('US');
  const [phoneInput, setPhoneInput] = useState('');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [verificationId, setVerificationId] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [hasPassword, setHasPassword] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [success, setSuccess] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const [isModalOpen, setIsModalOpen] = useState(false);

  useEffect(() => {
    void currentUserHasPassword().then(setHasPassword, () => setHasPassword(false));
  }, []);

  async function run(work: () => Promise<void>) {
    setIsBusy(true);
    setError(undefined);
    setFieldError(undefined);
    try {
      await work();
    } catch (caught: unknown) {
      if (isRequiresRecentLogin(caught)) setIsModalOpen(true);
      else setError(toAuthErrorMessage(caught));
    } finally {
      setIsBusy(false);
    }
  }

  const sendCode = () =>
    run(async () => {
      const checked = checkPhone(phoneInput, country);
      if (checked.error !== undefined) return setFieldError(checked.error);
      setPhoneNumber(checked.phoneNumber);
      setVerificationId(await sendPhoneVerificationCode(checked.phoneNumber));
    });

  const confirm = () =>
    run(async () => {
      if (!/^\d{6}$/.test(code.trim())) return setError(AUTH_MESSAGES.invalidCode);
      if (hasPassword) {
        const problem = checkPassword(password);
        if (problem) return setFieldError(problem);
        await reauthenticateWithPassword(password);
        const uid = session.getState().user?.uid;
        if (uid) session.recordSignIn(uid);
      }
      await updateCurrentUserPhone(verificationId, code.trim());
      await reloadCurrentUser();
      await updatePhoneNumber(phoneNumber);
      setSuccess(`Your mobile phone number is now ${phoneNumber}.`);
      setVerificationId('');
      onChanged?.(phoneNumber);
    });

  const onSubmit = (work: () => Promise<void>) => (event: React.FormEvent) => {
    event.preventDefault();
    if (!isBusy) void work();
  };

  return (
    <div className="auth-page change-phone-form">
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {success && <FormMessage kind="success">{success}</FormMessage>}
      {!verificationId ? (
        <form onSubmit={onSubmit(sendCode)} noValidate>
          <PhoneInput id={`${id}-phone`} country={country} number={phoneInput} onCountryChange={setCountry} onNumberChange={setPhoneInput} error={fieldError} />
          <BusyButton isBusy={isBusy} label="Send Code" />
        </form>
      ) : (
        <form onSubmit={onSubmit(confirm)} noValidate>
          <TextField id={`${id}-new-phone`} label="Mobile Phone Number" value={phoneNumber} onValueChange={() => undefined} readOnly isRequired={false} />
          <TextField id={`${id}-code`} label="Verification Code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onValueChange={(value) => setCode(value.replace(/\D/g, ''))} />
          {hasPassword && (
            <TextField id={`${id}-password`} label="Password" type="password" autoComplete="current-password" value={password} onValueChange={setPassword} error={fieldError} />
          )}
          <BusyButton isBusy={isBusy} label="Change Phone Number" />
        </form>
      )}
      <SignInModal
        isOpen={isModalOpen}
        onClose={() => setIsModalOpen(false)}
        onSignedIn={() => {
          setIsModalOpen(false);
          if (verificationId) void confirm();
        }}
      />
    </div>
  );
}
