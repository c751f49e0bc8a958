/**
 * The demo drivers the seed data refers to (their claimed tickets and provisional passes), created
 * in the Auth emulator by `npm start` so a developer can sign in as them with a phone code.
 * Only ever run against the emulator: real Firebase projects get real users.
 * Each has a name and an email, as a returning customer would: sign-in (spec 2 "Phone / email
 * sign-in", step 3) asks for an email only when the account has none, so a demo driver goes
 * straight to the SMS code.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { DEMO_CUSTOMER_UIDS } from '../parking-system/seed.ts';

export const DEMO_DRIVERS: Record<(typeof DEMO_CUSTOMER_UIDS)[number], { phoneNumber: string; displayName: string; email: string }> = {
  'demo-driver-1': { phoneNumber: '+12125550101', displayName: 'Dana Driver', email: 'dana.driver@example.com' },
  'demo-driver-2': { phoneNumber: '+12015550102', displayName: 'Sam Commuter', email: 'sam.commuter@example.com' },
};

export async function ensureDemoDrivers(emulatorHost: string, projectId: string): Promise<void> {
  process.env['FIREBASE_AUTH_EMULATOR_HOST'] = emulatorHost;
  // firebase-admin's Auth reads the emulator host once, when it is created: one app per emulator
  // (a bench process starts several emulators one after another, each on its own port).
  const appName = `demo-drivers-${emulatorHost}`;
  const auth = getAuth(getApps().find((app) => app.name === appName) ?? initializeApp({ projectId }, appName));
  for (const uid of DEMO_CUSTOMER_UIDS) {
    const driver = DEMO_DRIVERS[uid];
    const existing = await auth.getUser(uid).catch(() => undefined);
    // Several servers (parallel test runs) may share one emulator: another may create the driver
    // first, or a test may have taken the email for another account (then the driver goes without).
    const codeOf = (error: unknown) => (error as { code?: string }).code;
    if (!existing) {
      const create = (email: string | undefined) => auth.createUser({ uid, phoneNumber: driver.phoneNumber, displayName: driver.displayName, email });
      await create(driver.email)
        .catch((error: unknown) => (codeOf(error) === 'auth/email-already-exists' ? create(undefined) : Promise.reject(error)))
        .catch((error: unknown) => {
          if (codeOf(error) !== 'auth/uid-already-exists') throw error;
        });
    } else if (!existing.email) {
      await auth.updateUser(uid, { email: driver.email }).catch((error: unknown) => {
        if (codeOf(error) !== 'auth/email-already-exists') throw error;
      });
    }
  }
  console.log(`[start] demo drivers in the Auth emulator: ${Object.values(DEMO_DRIVERS).map((d) => `${d.displayName} ${d.phoneNumber}`).join(', ')}`);
}
