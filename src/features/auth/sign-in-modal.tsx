/**
 * The sign-in modal of spec 2 §4 (Auth session, Email verification): opened when a sensitive
 * change meets a stale session (15 minutes) or auth/requires-recent-login. A fresh sign-in
 * closes it and the caller retries the change.
 */
import { useEffect, useRef } from 'react';
import { SignInFlow } from './sign-in-flow';
import './auth.css';

export function SignInModal({ isOpen, onSignedIn, onClose }: { isOpen: boolean; onSignedIn: () => void; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);
  return (
    <dialog ref={dialogRef} className="sign-in-modal auth-page" aria-label="Sign in again" onClose={onClose}>
      <button type="button" className="button button--link sign-in-modal__close" onClick={onClose} aria-label="Close">
        ×
      </button>
      <p>For your security, please sign in again to continue.</p>
      {isOpen && <SignInFlow title="Sign In" onSignedIn={onSignedIn} />}
    </dialog>
  );
}
