/** "Do you have a prepaid reservation?" (spec 3 §2): Yes → find reservation, No → payment; the reservation is reset on entry. */
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { updateDraft } from './draft-store';
import { PARK_TEXT } from './messages';
import { ParkLayout } from './park-layout';

export function PrepaidPrompt() {
  const navigate = useNavigate();
  useEffect(() => void updateDraft({ reservation: undefined }), []);
  return (
    <ParkLayout title="Prepaid Reservation">
      <fieldset className="park-prepaid">
        <legend>{PARK_TEXT.prepaidQuestion}</legend>
        <label className="choice-row">
          <input type="checkbox" onChange={(event) => event.target.checked && void navigate({ to: '/parkandpay/find-reservation' })} /> Yes
        </label>
        <label className="choice-row">
          <input type="checkbox" onChange={(event) => event.target.checked && void navigate({ to: '/parkandpay/reservation-payment' })} /> No
        </label>
      </fieldset>
    </ParkLayout>
  );
}
