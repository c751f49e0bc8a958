/**
 * The demo drivers the seed data refers to (their claimed tickets and provisional passes), created
 * in the Auth emulator by `npm start` so a developer can sign in as them with a phone code.
 * Only ever run against the emulator: real Firebase projects get real users.
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
    try {
      await auth.getUser(uid);
    } catch {
      // Several servers (parallel test runs) may share one emulator: another may create it first.
      await auth.createUser({ uid, phoneNumber: driver.phoneNumber, displayName: driver.displayName }).catch((error: unknown) => {
        if ((error as { code?: string }).code !== 'auth/uid-already-exists') throw error;
      });
    }
  }
  console.log(`[start] demo drivers in the Auth emulator: ${Object.values(DEMO_DRIVERS).map((d) => `${d.displayName} ${d.phoneNumber}`).join(', ')}`);
}
