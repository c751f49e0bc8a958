/**
 * /sign-in/legacy (spec 2 §2, §4 "Email (legacy) sign-in"): email, then password when the
 * account has a password method; an account without a phone then adds and verifies one by SMS
 * code before it is signed in. Accounts without a password, or with a phone already, are sent to
 * phone sign-in. A phone that belongs to another account is the duplicate case: the message, then
 * Continue signs in anyway.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { CountryCode } from 'libphonenumber-js';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { attachPhoneWithPassword, checkEmailPassword, fetchSignInMethods, getIdToken, sendPhoneVerificationCode, signInWithEmailPassword, signOutUser } from '../../lib/firebase';
import { session } from '../../lib/session';
import { lookupEmail, lookupPhone, sendDuplicateAccountEmail, sendPasswordResetEmail, updatePhoneNumber } from './accounts-api';
import { codeOf, toAuthErrorMessage } from './auth-errors';
import { withAttemptLimit } from './failed-attempts';
import { AUTH_MESSAGES } from './auth-messages';
import { checkEmail, checkPassword, checkPhone, normaliseEmail } from './auth-validation';
import { PhoneInput } from './phone-input';
import { landAfterSignIn } from './post-login-landing';
import { completeSignIn } from './signed-in-check';
import { waitForSignedIn } from './session-wait';
import { FormMessage, TextField } from './text-field';
import './auth.css';
import { BusyButton } from '../../ui/busy-button';

/** Spec 1 §8: a sign-in without a user or a readable token is signed out again (signed-in-check.ts). */
const SIGNED_IN_DEPS = { getIdToken: () => getIdToken(), signOut: signOutUser };

type Step = 'email' | 'password' | 'add-phone' | 'code' | 'duplicate' | 'reset-sent';

export function LegacySignIn({ redirect, isPasswordChanged }: { redirect: string | undefined; isPasswordChanged: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useId();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [country, setCountry] = useState<CountryCode>('US');
  const [phoneInput, setPhoneInput] = useState('');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [verificationId, setVerificationId] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  async function run(work: () => Promise<void>) {
    setIsBusy(true);
    setError(undefined);
    setFieldError(undefined);
    try {
      await work();
    } catch (caught: unknown) {
      if (codeOf(caught) === 'auth/credential-already-in-use' || codeOf(caught) === 'auth/account-exists-with-different-credential') setStep('duplicate');
      else setError(toAuthErrorMessage(caught));
    } finally {
      setIsBusy(false);
    }
  }

  function finish() {
    return landAfterSignIn({ queryClient, navigate, redirect });
  }

  const onSubmit = (work: () => Promise<void>) => (event: React.FormEvent) => {
    event.preventDefault();
    if (!isBusy) void run(work);
  };

  const submitEmail = async () => {
    const problem = checkEmail(email, AUTH_MESSAGES.emailRequired);
    if (problem) return setFieldError(problem);
    const address = normaliseEmail(email);
    const [lookup, methods] = await Promise.all([lookupEmail(address), fetchSignInMethods(address)]);
    if (!lookup || !methods.includes('password')) return setError(AUTH_MESSAGES.emailWithoutPhoneMethod);
    if (lookup.hasPhoneNumber) return setError(AUTH_MESSAGES.passwordAccountWithPhone);
    setEmail(address);
    setStep('password');
  };

  const submitPassword = async () => {
    const problem = checkPassword(password);
    if (problem) return setFieldError(problem);
    await withAttemptLimit(email, () => checkEmailPassword(email, password));
    setStep('add-phone');
  };

  const submitPhone = async () => {
    const checked = checkPhone(phoneInput, country);
    if (checked.error !== undefined) return setFieldError(checked.error);
    setPhoneNumber(checked.phoneNumber);
    if (await lookupPhone(checked.phoneNumber)) return setStep('duplicate');
    setVerificationId(await sendPhoneVerificationCode(checked.phoneNumber));
    setStep('code');
  };

  const submitCode = async () => {
    if (!/^\d{6}$/.test(code.trim())) return setError(AUTH_MESSAGES.invalidCode);
    const user = await completeSignIn(() => withAttemptLimit(phoneNumber, () => attachPhoneWithPassword({ email, password, verificationId, code: code.trim() })), SIGNED_IN_DEPS);
    session.recordSignIn(user.uid);
    await waitForSignedIn();
    await updatePhoneNumber(phoneNumber);
    await finish();
  };

  const continueAfterDuplicate = async () => {
    const user = await completeSignIn(() => withAttemptLimit(email, () => signInWithEmailPassword(email, password)), SIGNED_IN_DEPS);
    session.recordSignIn(user.uid);
    await sendDuplicateAccountEmail(email, phoneNumber).catch(() => undefined);
    await finish();
  };

  const sendResetLink = async () => {
    const { message } = await sendPasswordResetEmail(email);
    setNotice(message);
    setStep('reset-sent');
  };

  return (
    <section className="page page--narrow auth-page">
      <h1>Sign In</h1>
      {isPasswordChanged && <FormMessage kind="success">{AUTH_MESSAGES.passwordChanged}</FormMessage>}
      <div className="notice-box" role="note">
        <h2>{AUTH_MESSAGES.actionRequired}</h2>
        <p>{AUTH_MESSAGES.actionRequiredBody}</p>
      </div>
      <p className="form-note">{AUTH_MESSAGES.requiredNote}</p>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {notice && <FormMessage kind="notice">{notice}</FormMessage>}

      {step === 'email' && (
        <form onSubmit={onSubmit(submitEmail)} noValidate>
          <TextField id={`${id}-email`} label="Email Address" type="email" autoComplete="email" value={email} onValueChange={setEmail} error={fieldError} />
          <BusyButton isBusy={isBusy} label="Continue" />
        </form>
      )}

      {step === 'password' && (
        <form onSubmit={onSubmit(submitPassword)} noValidate>
          <p className="form-summary">Email: {email}</p>
          <TextField id={`${id}-password`} label="Password" type="password" autoComplete="current-password" value={password} onValueChange={setPassword} error={fieldError} />
          <BusyButton isBusy={isBusy} label="Sign In" />
          <p>
            <button type="button" className="button button--link" disabled={isBusy} onClick={() => void run(sendResetLink)}>
              Forgot your password? Email me a reset link
            </button>
          </p>
        </form>
      )}

      {step === 'add-phone' && (
        <form onSubmit={onSubmit(submitPhone)} noValidate>
          <p>Add your mobile phone number: from now on you sign in with a one-time passcode sent to it.</p>
          <PhoneInput id={`${id}-phone`} country={country} number={phoneInput} onCountryChange={setCountry} onNumberChange={setPhoneInput} error={fieldError} />
          <BusyButton isBusy={isBusy} label="Continue" />
        </form>
      )}

      {step === 'code' && (
        <form onSubmit={onSubmit(submitCode)} noValidate>
          <TextField id={`${id}-code-phone`} label="Mobile Phone Number" value={phoneNumber} onValueChange={() => undefined} readOnly isRequired={false} />
          <TextField id={`${id}-code`} label="Verification Code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onValueChange={(value) => setCode(value.replace(/\D/g, ''))} />
          <BusyButton isBusy={isBusy} label="Verify" />
        </form>
      )}

      {step === 'duplicate' && (
        <div>
          <FormMessage kind="notice">{AUTH_MESSAGES.duplicateAccount}</FormMessage>
          <BusyButton type="button" isBusy={isBusy} label="Continue" onClick={() => void run(continueAfterDuplicate)} />
        </div>
      )}

      {step === 'reset-sent' && (
        <p>
          <Link to="/sign-in">Sign in with your mobile phone number</Link>
        </p>
      )}

      <p>
        <Link to="/sign-in" search={redirect ? { redirect } : {}}>Sign in with your mobile phone number instead</Link>
      </p>
    </section>
  );
}
