/**
 * Sign In / Register (spec 2 §2, §4): phone by default, email mode on request; the email,
 * password, names and SMS code steps; the duplicate-account notice and the "associated with
 * another phone" error. Reused by /sign-in, the park-and-pay sign-in (defaultRedirect
 * /parkandpay/welcome) and the sign-in modal (onSignedIn instead of navigation). After the code,
 * landAfterSignIn loads the monthly contracts and picks the landing (post-login.ts).
 */
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { AUTH_MESSAGES } from './auth-messages';
import { PhoneInput } from './phone-input';
import { landAfterSignIn } from './post-login-landing';
import { FormMessage, TextField } from './text-field';
import { type SignInMode, useSignInFlow } from './use-sign-in-flow';
import { BusyButton } from '../../ui/busy-button';

export type SignInFlowProps = {
  /** The `redirect` query of the page, if any. */
  redirect?: string | undefined;
  /** Where to land without a redirect (profile by default). */
  defaultRedirect?: string;
  initialMode?: SignInMode;
  /** Replaces navigation (the sign-in modal closes instead). */
  onSignedIn?: () => void;
  /** Heading level inside a modal. */
  title?: string;
};

export function SignInFlow({ redirect, defaultRedirect, initialMode = 'phone', onSignedIn, title = 'Sign In / Register' }: SignInFlowProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useId();
  const flow = useSignInFlow({
    initialMode,
    onSignedIn: () => landAfterSignIn({ queryClient, navigate, redirect, defaultPath: defaultRedirect, onSignedIn }),
  });
  const { state, patch } = flow;
  const submit = (action: () => Promise<void>) => (event: React.FormEvent) => {
    event.preventDefault();
    if (!state.isBusy) void action();
  };
  return (
    <div className="sign-in-flow" aria-busy={state.isBusy}>
      <h1>{title}</h1>
      <p className="form-note">{AUTH_MESSAGES.requiredNote}</p>
      {state.step !== 'code' && (
        <fieldset className="segmented">
          <legend>I am signing in / registering with my</legend>
          {(['phone', 'email'] as const).map((mode) => (
            <label key={mode}>
              <input type="radio" name={`${id}-mode`} value={mode} checked={state.mode === mode} onChange={() => flow.setMode(mode)} />
              {mode === 'phone' ? 'Phone' : 'Email'}
            </label>
          ))}
        </fieldset>
      )}

      {state.error && <FormMessage kind="error">{state.error.message}</FormMessage>}
      {state.error?.canContactUs && (
        <button type="button" className="button button--link" onClick={() => void flow.contactUs()} disabled={state.isBusy}>
          Contact us
        </button>
      )}
      {state.notice && <FormMessage kind="notice">{state.notice}</FormMessage>}

      {state.step === 'phone' && (
        <form onSubmit={submit(flow.submitPhone)} noValidate>
          {state.email && <p className="form-summary">Email: {state.email.address}</p>}
          <PhoneInput
            id={`${id}-phone`}
            country={state.country}
            number={state.phoneInput}
            onCountryChange={(country) => patch({ country })}
            onNumberChange={(phoneInput) => patch({ phoneInput })}
            error={state.fieldErrors.phone}
          />
          <BusyButton isBusy={state.isBusy} label="Continue" />
        </form>
      )}

      {state.step === 'email' && (
        <form onSubmit={submit(flow.submitEmail)} noValidate>
          {state.phoneNumber && <p className="form-summary">Mobile phone: {state.phoneNumber}</p>}
          <TextField
            id={`${id}-email`}
            label="Email Address"
            type="email"
            autoComplete="email"
            value={state.emailInput}
            onValueChange={(emailInput) => patch({ emailInput })}
            error={state.fieldErrors.email}
          />
          <BusyButton isBusy={state.isBusy} label="Continue" />
        </form>
      )}

      {state.step === 'password' && (
        <form onSubmit={submit(flow.submitPassword)} noValidate>
          <p>
            An account exists for {state.email?.address}. Enter its password to add the mobile number {state.phoneNumber} to it.
          </p>
          <TextField
            id={`${id}-password`}
            label="Password"
            type="password"
            autoComplete="current-password"
            value={state.password}
            onValueChange={(password) => patch({ password })}
            error={state.fieldErrors.password}
          />
          <BusyButton isBusy={state.isBusy} label="Continue" />
          <p>
            <Link to="/forgot-password">Forgot your password?</Link>
          </p>
        </form>
      )}

      {state.step === 'names' && (
        <form onSubmit={submit(flow.submitNames)} noValidate>
          <TextField id={`${id}-first`} label="First Name" autoComplete="given-name" value={state.firstName} onValueChange={(firstName) => patch({ firstName })} error={state.fieldErrors.firstName} />
          <TextField id={`${id}-last`} label="Last Name" autoComplete="family-name" value={state.lastName} onValueChange={(lastName) => patch({ lastName })} error={state.fieldErrors.lastName} />
          <BusyButton isBusy={state.isBusy} label="Continue" />
        </form>
      )}

      {state.step === 'code' && (
        <form onSubmit={submit(flow.submitCode)} noValidate>
          {state.isDuplicate && <FormMessage kind="notice">{AUTH_MESSAGES.duplicateNotice}</FormMessage>}
          <TextField id={`${id}-code-phone`} label="Mobile Phone Number" value={state.phoneNumber ?? ''} onValueChange={() => undefined} readOnly isRequired={false} />
          <TextField
            id={`${id}-code`}
            label="Verification Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={state.code}
            onValueChange={(code) => patch({ code: code.replace(/\D/g, '') })}
          />
          <p className="form-note">We sent a 6-digit code by text message to {state.phoneNumber}.</p>
          <BusyButton isBusy={state.isBusy} label={state.isDuplicate ? 'Continue' : 'Verify'} />
          <p className="form-actions">
            <button type="button" className="button button--link" onClick={() => void flow.resendCode()} disabled={state.isBusy}>
              Send a new code
            </button>
            <button type="button" className="button button--link" onClick={flow.changePhone} disabled={state.isBusy}>
              Change phone number
            </button>
          </p>
        </form>
      )}

      <p className="consent">
        By continuing you agree to receive text messages from ParkFair with one-time passcodes to sign in. Message frequency varies. Message and data rates may apply. See
        our <Link to="/$page" params={{ page: 'terms-and-conditions' }}>Terms and Conditions</Link> and <Link to="/$page" params={{ page: 'privacy-policy' }}>Privacy Policy</Link>.
      </p>
      <p>
        Have a password? <Link to="/sign-in/legacy" search={redirect ? { redirect } : {}}>Sign in</Link> with your email and password.
      </p>
    </div>
  );
}
