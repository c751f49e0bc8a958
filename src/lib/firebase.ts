/**
 * The only module that imports the `firebase` SDK (lint enforces it). The SDK is loaded lazily
 * so the first screen stays small; everything here returns promises.
 *
 * Configuration comes from build-time env (VITE_FIREBASE_API_KEY, VITE_FIREBASE_AUTH_DOMAIN,
 * VITE_FIREBASE_PROJECT_ID). Without them the app uses the Firebase Auth emulator
 * (project demo-parkfair on 127.0.0.1:9099, or VITE_FIREBASE_AUTH_EMULATOR_URL), which is
 * what `npm start` and the tests run.
 */
import type { Auth, User } from 'firebase/auth';

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

/** The Auth instance, created once; the first call loads the SDK. */
export function getFirebaseAuth(): Promise<Auth> {
  authPromise ??= (async () => {
    const [{ initializeApp }, { getAuth, connectAuthEmulator }] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
    const app = initializeApp({
      apiKey: env['VITE_FIREBASE_API_KEY'] ?? 'demo-api-key',
      authDomain: env['VITE_FIREBASE_AUTH_DOMAIN'] ?? `${projectId}.firebaseapp.com`,
      projectId,
    });
    const auth = getAuth(app);
    if (isUsingAuthEmulator) {
      connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
      // The emulator verifies phone numbers without Google's reCAPTCHA.
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
  return onIdTokenChanged(auth, (user) => onChange(user ? toSnapshot(user) : null));
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
  await signOut(auth);
}
