/**
 * State and actions of the Sign In / Register flow (spec 2 §4 "Phone / email sign-in"). The
 * branch decisions are the pure functions of sign-in-steps.ts; this hook runs the lookups, the
 * identity-provider operations and the accounts calls between them.
 */
import type { CountryCode } from 'libphonenumber-js';
import { useEffect, useState } from 'react';
import type { EmailLookup, PhoneLookup } from '../../contract/accounts';
import {
  attachPhoneWithPassword,
  checkEmailPassword,
  getIdToken,
  reloadCurrentUser,
  sendPhoneVerificationCode,
  signInWithPhoneCode,
  signOutUser,
} from '../../lib/firebase';
import { session } from '../../lib/session';
import {
  contactCustomerService,
  lookupEmail,
  lookupPhone,
  sendDuplicateAccountEmail,
  sendVerificationEmail,
  updateDisplayName,
  updateEmail,
  updatePhoneNumber,
} from './accounts-api';
import { toAuthErrorMessage } from './auth-errors';
import { withAttemptLimit } from './failed-attempts';
import { AUTH_MESSAGES } from './auth-messages';
import { checkEmail, checkNames, checkPassword, checkPhone, normaliseEmail } from './auth-validation';
import { waitForSignedIn } from './session-wait';
import { completeSignIn } from './signed-in-check';
import { nextAfterEmailLookup, nextAfterPhoneLookup, type NextStep, profileChangesAfterCode, type SignInStep } from './sign-in-steps';

export type SignInMode = 'phone' | 'email';

const SIGNED_IN_DEPS = { getIdToken: () => getIdToken(), signOut: signOutUser };

export type FlowState = {
  mode: SignInMode;
  step: SignInStep;
  country: CountryCode;
  phoneInput: string;
  phoneNumber?: string;
  /** Set once the phone was looked up; `lookup` undefined means unknown (404). */
  phone?: { lookup: PhoneLookup | undefined };
  emailInput: string;
  email?: { address: string; lookup: EmailLookup | undefined };
  password: string;
  firstName: string;
  lastName: string;
  code: string;
  verificationId?: string;
  /** The code goes onto the existing email account (password branch) instead of signing in. */
  isAttachingPhone: boolean;
  isDuplicate: boolean;
  isBusy: boolean;
  error?: { message: string; canContactUs: boolean };
  fieldErrors: Partial<Record<'phone' | 'email' | 'password' | 'firstName' | 'lastName' | 'code', string>>;
  notice?: string;
};

const EDITABLE_FIELDS = ['phoneInput', 'country', 'emailInput', 'password', 'firstName', 'lastName', 'code'] as const;
const FIELD_ERROR_OF = {
  phoneInput: 'phone',
  country: 'phone',
  emailInput: 'email',
  password: 'password',
  firstName: 'firstName',
  lastName: 'lastName',
  code: 'code',
} as const satisfies Record<(typeof EDITABLE_FIELDS)[number], keyof FlowState['fieldErrors']>;

const initialState = (mode: SignInMode): FlowState => ({
  mode,
  step: mode === 'email' ? 'email' : 'phone',
  country: 'US',
  phoneInput: '',
  emailInput: '',
  password: '',
  firstName: '',
  lastName: '',
  code: '',
  isAttachingPhone: false,
  isDuplicate: false,
  isBusy: false,
  fieldErrors: {},
});

export function useSignInFlow(options: { initialMode: SignInMode; onSignedIn: () => Promise<void> | void }) {
  const [state, setState] = useState<FlowState>(() => initialState(options.initialMode));
  /** A step's message is about what was sent: editing what is typed clears it (and that field's own). */
  const patch = (changes: Partial<FlowState>) =>
    setState((current) => {
      const edited = EDITABLE_FIELDS.filter((field) => field in changes && changes[field] !== current[field]);
      if (edited.length === 0) return { ...current, ...changes };
      const fieldErrors = { ...current.fieldErrors };
      for (const field of edited) delete fieldErrors[FIELD_ERROR_OF[field]];
      return { ...current, error: undefined, ...changes, fieldErrors };
    });

  // "Your device appears to be offline…" is not true any more once the network is back.
  useEffect(() => {
    const clearOfflineMessage = () => setState((current) => (current.error?.message === AUTH_MESSAGES.network ? { ...current, error: undefined } : current));
    window.addEventListener('online', clearOfflineMessage);
    return () => window.removeEventListener('online', clearOfflineMessage);
  }, []);

  /** Runs one step's work with the busy flag and the one error mapper. */
  async function run(work: (current: FlowState) => Promise<Partial<FlowState> | void>, current: FlowState) {
    patch({ isBusy: true, error: undefined, notice: undefined });
    try {
      const changes = await work(current);
      patch({ ...changes, isBusy: false });
    } catch (error: unknown) {
      patch({ isBusy: false, error: { message: toAuthErrorMessage(error), canContactUs: false } });
    }
  }

  async function sendCode(phoneNumber: string): Promise<Partial<FlowState>> {
    const verificationId = await sendPhoneVerificationCode(phoneNumber);
    return { verificationId, step: 'code', code: '' };
  }

  async function apply(next: NextStep, current: FlowState): Promise<Partial<FlowState>> {
    switch (next.step) {
      case 'code': {
        if (!current.phoneNumber) return { step: 'phone' };
        if (next.isDuplicate && current.email) {
          // The confirmation email is a courtesy: a failure must not stop the sign-in.
          await sendDuplicateAccountEmail(current.email.address, current.phoneNumber).catch(() => undefined);
        }
        return { ...(await sendCode(current.phoneNumber)), isDuplicate: next.isDuplicate };
      }
      case 'error':
        return { error: { message: next.message, canContactUs: next.canContactUs } };
      default:
        return { step: next.step };
    }
  }

  const submitPhone = () =>
    run(async (current) => {
      const checked = checkPhone(current.phoneInput, current.country);
      if (checked.error !== undefined) return { fieldErrors: { phone: checked.error } };
      const lookup = await lookupPhone(checked.phoneNumber);
      const next = { ...current, phoneNumber: checked.phoneNumber, phone: { lookup }, fieldErrors: {} };
      let decision = nextAfterPhoneLookup(lookup);
      // Email mode: the email is known already, so its decision follows at once.
      if (decision.step === 'email' && current.email) decision = nextAfterEmailLookup(lookup, current.email.lookup);
      return { ...next, ...(await apply(decision, next)) };
    }, state);

  const submitEmail = () =>
    run(async (current) => {
      const error = checkEmail(current.emailInput, AUTH_MESSAGES.emailRequired);
      if (error) return { fieldErrors: { email: error } };
      const address = normaliseEmail(current.emailInput);
      const lookup = await lookupEmail(address);
      const next = { ...current, email: { address, lookup }, fieldErrors: {} };
      if (!current.phone) return { ...next, step: 'phone' as const };
      return { ...next, ...(await apply(nextAfterEmailLookup(current.phone.lookup, lookup), next)) };
    }, state);

  const submitPassword = () =>
    run(async (current) => {
      const error = checkPassword(current.password);
      if (error) return { fieldErrors: { password: error } };
      if (!current.email || !current.phoneNumber) return { step: 'phone' };
      const { address } = current.email;
      await withAttemptLimit(address, () => checkEmailPassword(address, current.password));
      return { ...(await sendCode(current.phoneNumber)), isAttachingPhone: true, fieldErrors: {} };
    }, state);

  const submitNames = () =>
    run(async (current) => {
      const errors = checkNames(current.firstName, current.lastName);
      if (errors.first || errors.last) return { fieldErrors: { firstName: errors.first, lastName: errors.last } };
      if (!current.phoneNumber) return { step: 'phone' };
      return { ...(await sendCode(current.phoneNumber)), fieldErrors: {} };
    }, state);

  const submitCode = () =>
    run(async (current) => {
      const code = current.code.trim();
      if (!/^\d{6}$/.test(code)) return { error: { message: AUTH_MESSAGES.invalidCode, canContactUs: false } };
      if (!current.verificationId || !current.phoneNumber) return { step: 'phone' };
      const { phoneNumber } = current;
      if (current.isAttachingPhone && current.email) {
        const input = { email: current.email.address, password: current.password, verificationId: current.verificationId, code };
        const user = await completeSignIn(() => withAttemptLimit(phoneNumber, () => attachPhoneWithPassword(input)), SIGNED_IN_DEPS);
        session.recordSignIn(user.uid);
        await waitForSignedIn();
        await updatePhoneNumber(current.phoneNumber);
      } else {
        const { verificationId } = current;
        // Spec 1 §8: no user or no readable token → signed out again, with the catalogue's text.
        const user = await completeSignIn(() => withAttemptLimit(phoneNumber, () => signInWithPhoneCode(verificationId, code)), SIGNED_IN_DEPS);
        // Spec 2 §4 step 6: the sign-in time is recorded (also for a re-authentication in the modal).
        session.recordSignIn(user.uid);
        // The API client takes the token from the session store, which hears of the sign-in
        // through Firebase's listener: wait for it, or the first call goes out without a token.
        await waitForSignedIn();
        const enteredName = current.firstName.trim() ? `${current.firstName.trim()} ${current.lastName.trim()}` : undefined;
        const changes = profileChangesAfterCode({ phone: current.phone?.lookup, email: current.email?.lookup, enteredEmail: current.email?.address, enteredName });
        if (changes.displayName) await updateDisplayName(changes.displayName);
        if (changes.email) {
          await updateEmail(changes.email);
          await sendVerificationEmail(changes.email).catch(() => undefined);
        }
        if (changes.displayName || changes.email) await reloadCurrentUser();
      }
      await options.onSignedIn();
      return { fieldErrors: {} };
    }, state);

  const resendCode = () =>
    run(async (current) => {
      if (!current.phoneNumber) return { step: 'phone' };
      return { ...(await sendCode(current.phoneNumber)), notice: 'A new code has been sent.' };
    }, state);

  const contactUs = () =>
    run(async (current) => {
      if (!current.email || !current.phoneNumber) return {};
      const { message } = await contactCustomerService(current.email.address, current.phoneNumber);
      return { notice: message, error: undefined };
    }, state);

  /** Back to the phone step (wrong number): the later answers depended on it. */
  const changePhone = () => patch({ step: 'phone', phone: undefined, verificationId: undefined, code: '', isAttachingPhone: false, isDuplicate: false, error: undefined });
  const setMode = (mode: SignInMode) => setState(initialState(mode));

  return { state, patch, submitPhone, submitEmail, submitPassword, submitNames, submitCode, resendCode, contactUs, changePhone, setMode };
}
