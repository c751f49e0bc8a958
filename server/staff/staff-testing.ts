/**
 * A real staff member for API tests: an emulator account given the staff claim (the same
 * addStaff as `npm run staff -- add`), then signed in again so its ID token carries the claim.
 */
import { createEmulatorUser, EMULATOR_HOST, emulatorAdminAuth, type EmulatorUser } from '../testing/emulator-users.ts';
import { addStaff } from './staff-accounts.ts';

export async function createStaffUser(): Promise<EmulatorUser> {
  const user = await createEmulatorUser();
  await addStaff(emulatorAdminAuth(), user.email);
  // A second later, so the new sign-in's auth_time (seconds) differs from the first.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const response = await fetch(`http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`emulator sign-in failed: ${response.status} ${await response.text()}`);
  return { ...user, idToken: ((await response.json()) as { idToken: string }).idToken };
}
