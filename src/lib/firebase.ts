/**
 * The only module that imports the `firebase` SDK (lint enforces it). The SDK is loaded lazily
 * so the first screen stays small; everything here returns promises.
 *
 * Configuration comes from build-time env (VITE_FIREBASE_API_KEY, VITE_FIREBASE_AUTH_DOMAIN,
 * VITE_FIREBASE_PROJECT_ID). Without them the app uses the Firebase Auth emulator
 * (project demo-parkfair on 127.0.0.1:9099, or VITE_FIREBASE_AUTH_EMULATOR_URL), which is
 * what `npm start` and the tests run.
 */
import type { FirebaseApp } from 'firebase/app';
import type { ActionCodeInfo, ApplicationVerifier, Auth, User } from 'firebase/auth';
import { keepPageToken } from './page-token-cookie';

export type AuthUserSnapshot = {
  uid: string;
  email: string | null;
  phoneNumber: string | null;
  displayName: string | null;
  emailVerified: boolean;
};

const env = import.meta.env;
const projectId: string = env['VITE_FIREBASE_PROJECT_ID'] ?? 'demo-parkfair';
export const isUsingAuthEmulator = !env['VITE_FIREBASE_API_KEY'];
const emulatorUrl: string = env['VITE_FIREBASE_AUTH_EMULATOR_URL'] ?? 'http://127.0.0.1:9099';

let authPromise: Promise<Auth> | undefined;

const firebaseOptions = () => ({
  apiKey: env['VITE_FIREBASE_API_KEY'] ?? 'demo-api-key',
  authDomain: env['VITE_FIREBASE_AUTH_DOMAIN'] ?? `${projectId}.firebaseapp.com`,
  projectId,
});

/** Hosts where `?nocaptcha` may switch off reCAPTCHA (VITE_NOCAPTCHA_HOSTS, comma-separated). */
const nocaptchaHosts: string[] = (env['VITE_NOCAPTCHA_HOSTS'] ?? 'localhost,127.0.0.1').split(',').map((host: string) => host.trim()).filter(Boolean);

/** Spec 2 §4 step 7: the captcha bypass works only on the listed test hosts. */
export function shouldBypassCaptcha(location: { hostname: string; search: string }, hosts: readonly string[]): boolean {
  return new URLSearchParams(location.search).has('nocaptcha') && hosts.includes(location.hostname);
}

/** The Auth instance, created once; the first call loads the SDK. */
export function getFirebaseAuth(): Promise<Auth> {
  authPromise ??= (async () => {
    const [{ initializeApp }, { initializeAuth, indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence, connectAuthEmulator }] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
    const app = initializeApp(firebaseOptions());
    // getAuth's persistence without its popup/redirect resolver: the app signs in by phone and
    // email only, and that resolver loads apis.google.com's gapi and an auth iframe on every page
    // of a mobile browser (a console error offline or without Google, Lighthouse best practices).
    const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence] });
    if (isUsingAuthEmulator) {
      connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
      // The emulator verifies phone numbers without Google's reCAPTCHA.
      auth.settings.appVerificationDisabledForTesting = true;
    } else if (typeof window !== 'undefined' && shouldBypassCaptcha(window.location, nocaptchaHosts)) {
      auth.settings.appVerificationDisabledForTesting = true;
    }
    return auth;
  })();
  return authPromise;
}

export function toSnapshot(user: User): AuthUserSnapshot {
  return { uid: user.uid, email: user.email, phoneNumber: user.phoneNumber, displayName: user.displayName, emailVerified: user.emailVerified };
}

/** Calls back with the signed-in user (or null) now and on every change; returns an unsubscribe. */
export async function watchAuthUser(onChange: (user: AuthUserSnapshot | null) => void): Promise<() => void> {
  const auth = await getFirebaseAuth();
  const { onIdTokenChanged } = await import('firebase/auth');
  return onIdTokenChanged(auth, (user) => {
    onChange(user ? toSnapshot(user) : null);
    // Every new token (sign-in, the hourly refresh) goes to the server-rendered session too.
    if (!user) keepPageToken(null);
    else void user.getIdTokenResult().then(keepPageToken, () => keepPageToken(null));
  });
}

/** The current ID token, refreshed when `forceRefresh`; null when signed out or when refresh fails. */
export async function getIdToken(forceRefresh = false): Promise<string | null> {
  const auth = await getFirebaseAuth();
  const user = auth.currentUser;
  if (!user) return null;
  try {
    return await user.getIdToken(forceRefresh);
  } catch {
    return null;
  }
}

export async function signOutUser(): Promise<void> {
  const auth = await getFirebaseAuth();
  const { signOut } = await import('firebase/auth');
  keepPageToken(null);
  await signOut(auth);
}

/**
 * Errors leave this module as plain `{ code, message }` values (code like "auth/wrong-password"),
 * so features map them to user text without knowing the SDK's classes.
 */
export class AuthProviderError extends Error {
  override readonly name = 'AuthProviderError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function wrap<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error: unknown) {
    if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') {
      throw new AuthProviderError(error.code, error instanceof Error ? error.message : error.code);
    }
    throw error;
  }
}

async function requireCurrentUser(): Promise<User> {
  const auth = await getFirebaseAuth();
  if (!auth.currentUser) throw new AuthProviderError('auth/no-current-user', 'Please sign in first.');
  return auth.currentUser;
}

/** An invisible reCAPTCHA on a detached element, used for one SMS and then cleared. */
async function withInvisibleCaptcha<T>(auth: Auth, work: (verifier: ApplicationVerifier) => Promise<T>): Promise<T> {
  const { RecaptchaVerifier } = await import('firebase/auth');
  const container = document.createElement('div');
  container.hidden = true;
  document.body.append(container);
  const verifier = new RecaptchaVerifier(auth, container, { size: 'invisible' });
  try {
    return await work(verifier);
  } finally {
    verifier.clear();
    container.remove();
  }
}

/** Sends an SMS code to an E.164 phone; the verification id pairs with the code later. */
export function sendPhoneVerificationCode(phoneNumber: string): Promise<string> {
  return wrap(async () => {
    const auth = await getFirebaseAuth();
    const { PhoneAuthProvider } = await import('firebase/auth');
    return withInvisibleCaptcha(auth, (verifier) => new PhoneAuthProvider(auth).verifyPhoneNumber(phoneNumber, verifier));
  });
}

async function phoneCredential(verificationId: string, code: string) {
  const { PhoneAuthProvider } = await import('firebase/auth');
  return PhoneAuthProvider.credential(verificationId, code);
}

/** Signs in (or registers) with the SMS code. */
export function signInWithPhoneCode(verificationId: string, code: string): Promise<AuthUserSnapshot> {
  return wrap(async () => {
    const auth = await getFirebaseAuth();
    const { signInWithCredential } = await import('firebase/auth');
    const result = await signInWithCredential(auth, await phoneCredential(verificationId, code));
    return toSnapshot(result.user);
  });
}

export function signInWithEmailPassword(email: string, password: string): Promise<AuthUserSnapshot> {
  return wrap(async () => {
    const auth = await getFirebaseAuth();
    const { signInWithEmailAndPassword } = await import('firebase/auth');
    return toSnapshot((await signInWithEmailAndPassword(auth, email, password)).user);
  });
}

let checkerAppPromise: Promise<Auth> | undefined;

/**
 * A second, in-memory Auth instance: checks a password or changes an account without signing the
 * page in, so the session sees only the final sign-in (no Login/Logout flapping mid-flow).
 */
function getCheckerAuth(): Promise<Auth> {
  checkerAppPromise ??= (async () => {
    const [{ initializeApp }, { initializeAuth, inMemoryPersistence, connectAuthEmulator }] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
    const app: FirebaseApp = initializeApp(firebaseOptions(), 'credential-check');
    const auth = initializeAuth(app, { persistence: inMemoryPersistence });
    if (isUsingAuthEmulator) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
    return auth;
  })();
  return checkerAppPromise;
}

/** Throws (auth/wrong-password, auth/invalid-credential, …) unless the password is right. */
export function checkEmailPassword(email: string, password: string): Promise<void> {
  return wrap(async () => {
    const auth = await getCheckerAuth();
    const { signInWithEmailAndPassword, signOut } = await import('firebase/auth');
    await signInWithEmailAndPassword(auth, email, password);
    await signOut(auth);
  });
}

/**
 * Spec 2 §4 step 6, phone being changed: re-authenticate with email and password, put the
 * verified phone on that account, then sign the page in as that account.
 */
export function attachPhoneWithPassword(input: { email: string; password: string; verificationId: string; code: string }): Promise<AuthUserSnapshot> {
  return wrap(async () => {
    const checker = await getCheckerAuth();
    const { signInWithEmailAndPassword, updatePhoneNumber, signOut } = await import('firebase/auth');
    const { user } = await signInWithEmailAndPassword(checker, input.email, input.password);
    await updatePhoneNumber(user, await phoneCredential(input.verificationId, input.code));
    await signOut(checker);
    const auth = await getFirebaseAuth();
    return toSnapshot((await signInWithEmailAndPassword(auth, input.email, input.password)).user);
  });
}

/** Changes the signed-in user's phone with an SMS code (needs a recent sign-in). */
export function updateCurrentUserPhone(verificationId: string, code: string): Promise<void> {
  return wrap(async () => {
    const { updatePhoneNumber } = await import('firebase/auth');
    await updatePhoneNumber(await requireCurrentUser(), await phoneCredential(verificationId, code));
  });
}

export function reauthenticateWithPassword(password: string): Promise<void> {
  return wrap(async () => {
    const user = await requireCurrentUser();
    const { EmailAuthProvider, reauthenticateWithCredential } = await import('firebase/auth');
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? '', password));
  });
}

/** Sign-in methods of an email ("password", "phone", …); empty for an unknown email. */
export function fetchSignInMethods(email: string): Promise<string[]> {
  return wrap(async () => {
    const { fetchSignInMethodsForEmail } = await import('firebase/auth');
    return fetchSignInMethodsForEmail(await getFirebaseAuth(), email);
  });
}

/** The email a password-reset code belongs to (throws auth/invalid-action-code, auth/expired-action-code). */
export function verifyResetCode(code: string): Promise<string> {
  return wrap(async () => {
    const { verifyPasswordResetCode } = await import('firebase/auth');
    return verifyPasswordResetCode(await getFirebaseAuth(), code);
  });
}

export function confirmNewPassword(code: string, newPassword: string): Promise<void> {
  return wrap(async () => {
    const { confirmPasswordReset } = await import('firebase/auth');
    await confirmPasswordReset(await getFirebaseAuth(), code, newPassword);
  });
}

export type ActionCodeDetails = { operation: string; email: string | null; previousEmail: string | null };

export function checkAuthActionCode(code: string): Promise<ActionCodeDetails> {
  return wrap(async () => {
    const { checkActionCode } = await import('firebase/auth');
    const info: ActionCodeInfo = await checkActionCode(await getFirebaseAuth(), code);
    return { operation: info.operation, email: info.data.email ?? null, previousEmail: info.data.previousEmail ?? null };
  });
}

export function applyAuthActionCode(code: string): Promise<void> {
  return wrap(async () => {
    const { applyActionCode } = await import('firebase/auth');
    await applyActionCode(await getFirebaseAuth(), code);
  });
}

/**
 * After the server changed the user (display name, email): reload the record and refresh the
 * ID token, so the session's snapshot and the token's claims show the change.
 */
export function reloadCurrentUser(): Promise<AuthUserSnapshot | null> {
  return wrap(async () => {
    const auth = await getFirebaseAuth();
    const user = auth.currentUser;
    if (!user) return null;
    await user.reload();
    await user.getIdToken(true);
    return toSnapshot(user);
  });
}

/** Whether the signed-in account can re-authenticate with email and password. */
export async function currentUserHasPassword(): Promise<boolean> {
  const auth = await getFirebaseAuth();
  return Boolean(auth.currentUser?.providerData.some((provider) => provider.providerId === 'password'));
}

