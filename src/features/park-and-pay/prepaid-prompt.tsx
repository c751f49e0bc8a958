/**
 * "Do you have a prepaid reservation?" (spec 3 §2): Yes → find reservation, No → payment; the
 * reservation is reset on entry. The spec's "mutually exclusive Yes and No checkboxes" are a radio
 * group: one tap answers, and a screen reader announces a choice of two (issue 38).
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId } from 'react';
import { updateDraft } from './draft-store';
import { PARK_TEXT } from './messages';
import { ParkLayout } from './park-layout';

export function PrepaidPrompt() {
  const navigate = useNavigate();
  const name = useId();
  useEffect(() => void updateDraft({ reservation: undefined }), []);
  return (
    <ParkLayout title="Prepaid Reservation">
      <fieldset className="park-prepaid">
        <legend>{PARK_TEXT.prepaidQuestion}</legend>
        <label className="choice-row">
          <input type="radio" name={name} onChange={(event) => event.target.checked && void navigate({ to: '/parkandpay/find-reservation' })} /> Yes
        </label>
        <label className="choice-row">
          <input type="radio" name={name} onChange={(event) => event.target.checked && void navigate({ to: '/parkandpay/reservation-payment' })} /> No
        </label>
      </fieldset>
    </ParkLayout>
  );
}
