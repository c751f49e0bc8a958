/** A form-level message: errors are alerts, confirmations are polite status updates. */
export function StatusMessage({ kind, children }: { kind: 'error' | 'success'; children: string }) {
  return (
    <p className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
