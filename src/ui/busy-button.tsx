/** A form's action button: disabled, and reading "Please wait...", while its action runs. */
type Props = { isBusy: boolean; label: string; type?: 'submit' | 'button'; onClick?: () => void };

export function BusyButton({ isBusy, label, type = 'submit', onClick }: Props) {
  return (
    <button type={type} className="button" disabled={isBusy} onClick={onClick}>
      {isBusy ? 'Please wait...' : label}
    </button>
  );
}
