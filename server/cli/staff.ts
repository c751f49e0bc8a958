/**
 * `npm run staff -- add <email> [--password <password>]` | `remove <email>` | `list`: who is ParkFair
 * staff (the /staff pages, the claims desk, the attendant queues). Works on the Auth emulator by
 * default (FIREBASE_AUTH_EMULATOR_HOST, else 127.0.0.1:9099, project FIREBASE_PROJECT_ID or
 * demo-parkfair); with GOOGLE_APPLICATION_CREDENTIALS and FIREBASE_AUTH_EMULATOR_HOST=off it
 * talks to the real project. A staff member signs in again to get the claim in their token.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { addStaff, listStaff, removeStaff } from '../staff/staff-accounts.ts';

const USAGE = 'Usage: npm run staff -- add <email> [--password <password>] | remove <email> | list';

async function main(args: string[]): Promise<number> {
  const emulator = process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099';
  if (emulator === 'off') delete process.env['FIREBASE_AUTH_EMULATOR_HOST'];
  else process.env['FIREBASE_AUTH_EMULATOR_HOST'] = emulator;
  const auth = getAuth(getApps()[0] ?? initializeApp({ projectId: process.env['FIREBASE_PROJECT_ID'] ?? 'demo-parkfair' }));
  const [command, email] = args;
  const where = emulator === 'off' ? 'Firebase' : `the Auth emulator on ${emulator}`;
  if (command === 'list') {
    const staff = await listStaff(auth);
    console.log(staff.length ? staff.join('\n') : `No staff accounts in ${where}.`);
    return 0;
  }
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    console.error(USAGE);
    return 2;
  }
  if (command === 'add') {
    const passwordAt = args.indexOf('--password');
    const result = await addStaff(auth, email, passwordAt > 0 ? args[passwordAt + 1] : undefined);
    console.log(`${result.email} is staff in ${where}.${result.createdPassword ? ` New account, password: ${result.createdPassword}` : ' Sign in again to use it.'}`);
    return 0;
  }
  if (command === 'remove') {
    console.log((await removeStaff(auth, email)) ? `${email} is no longer staff.` : `No account ${email} in ${where}.`);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`staff: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
