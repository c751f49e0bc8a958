/** The Start Over confirmation available on park-and-pay screens: clears the draft and returns to the lot code. */
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { clearDraft } from './draft-store';
import { PARK_TEXT } from './messages';
import { ParkDialog } from './park-dialog';

export function StartOverButton() {
  const [isOpen, setIsOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <button type="button" className="link-button park-start-over" onClick={() => setIsOpen(true)}>
        Start Over
      </button>
      {isOpen && (
        <ParkDialog
          title={PARK_TEXT.startOverTitle}
          onClose={() => setIsOpen(false)}
          actions={
            <>
              <button type="button" className="button button--secondary" onClick={() => setIsOpen(false)}>Cancel</button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  clearDraft();
                  setIsOpen(false);
                  void navigate({ to: '/parkandpay/welcome' });
                }}
              >
                Confirm
              </button>
            </>
          }
        >
          <p>{PARK_TEXT.startOverText}</p>
        </ParkDialog>
      )}
    </>
  );
}
