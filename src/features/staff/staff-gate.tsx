/**
 * Every /staff page sits behind this: a staff member signs in here with email and password (their
 * staff account, `npm run staff -- add <email>`), and the server's /staff/api/me says whether the
 * signed-in account is staff. A customer signed in on this device is told the pages are for staff
 * and may sign out; nothing of the staff pages is fetched for them (the server refuses it anyway).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, getErrorMessage } from '../../lib/errors';
import { session, useSession } from '../../lib/session';
import { staffMeQueryOptions } from './staff-api';
import './staff.css';

function StaffSignIn() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) return setError('Enter your staff email address and password.');
    setIsBusy(true);
    setError(undefined);
    try {
      const { signInWithEmailPassword } = await import('../../lib/firebase');
      const user = await signInWithEmailPassword(email.trim(), password);
      session.recordSignIn(user.uid);
    } catch (caught: unknown) {
      const code = (caught as { code?: string }).code ?? '';
      setError(/wrong-password|invalid-credential|user-not-found|invalid-email/.test(code) ? 'The email address or password is not right.' : getErrorMessage(caught));
    } finally {
      setIsBusy(false);
    }
    return undefined;
  };
  return (
    <section className="page page--narrow staff-page">
      <h1>Staff Sign In</h1>
      <p>For ParkFair staff: the claims desk, garage managers and attendants.</p>
      <form className="staff-sign-in" onSubmit={(event) => void onSubmit(event)} noValidate>
        <label htmlFor="staff-email">Email Address</label>
        <input id="staff-email" type="email" autoComplete="username" value={email} onChange={(event) => setEmail(event.target.value)} />
        <label htmlFor="staff-password">Password</label>
        <input id="staff-password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        {error && <p className="form-error" role="alert">{`Error: ${error}`}</p>}
        <button type="submit" className="button" disabled={isBusy}>{isBusy ? 'Please wait...' : 'Sign In'}</button>
      </form>
    </section>
  );
}

export function StaffGate({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const me = useQuery(staffMeQueryOptions(status === 'signed-in' ? user?.uid : undefined));
  useEffect(() => {
    // Loads Firebase now: a staff page is no first screen for drivers.
    if (status === 'unknown') void session.whenReady();
  }, [status]);
  if (status === 'unknown') {
    return <div className="page page--narrow" role="status">Loading...</div>;
  }
  if (status === 'signed-out') return <StaffSignIn />;
  if (me.isPending) return <div className="page page--narrow" role="status">Loading...</div>;
  if (me.isError) {
    const isNotStaff = me.error instanceof ApiError && me.error.status === 403;
    return (
      <section className="page page--narrow staff-page" role="alert">
        <h1>{isNotStaff ? 'Staff only' : 'Something went wrong'}</h1>
        <p>{getErrorMessage(me.error)}</p>
        <button type="button" className="button" onClick={() => void session.signOut()}>Sign Out</button>
      </section>
    );
  }
  return (
    <div className="staff-shell">
      <nav className="staff-nav" aria-label="Staff">
        <Link to="/staff">Claims</Link>
        <Link to="/staff/transitions">Transitions</Link>
        <Link to="/staff/exemptions">Exemptions</Link>
        <span className="staff-nav__who">{me.data.email}</span>
        <button type="button" className="button button--link" onClick={() => void session.signOut()}>Sign Out</button>
      </nav>
      {children}
    </div>
  );
}
