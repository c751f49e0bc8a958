/** Every monthly-transition rule of spec 3 §5 and the registration form's of spec 2 §5, with their messages. */
import { describe, expect, it } from 'vitest';
import { checkRegistrationForm, checkTransition, EMPTY_REGISTRATION_FORM, REGISTRATION_MESSAGES, TRANSITION_MESSAGES, transitionErrorMessages, type TransitionBody } from './monthly-transition';

const form = {
  ...EMPTY_REGISTRATION_FORM, firstName: 'Alice', lastName: 'Monthly', street: '10 Main St', city: 'New York', state: 'NY', zipCode: '10001',
  vehicleBrand: 'Honda', vehicleModel: 'Civic', vehicleYear: '2021', vehicleColor: 'Blue', vehicleState: 'NY', vehicleLicensePlate: 'MTH7001',
  vehicleOwnerName: 'Alice Monthly', vehicleOwnerStreet: '10 Main St',
};
const body = (overrides: Partial<TransitionBody> = {}): TransitionBody => ({
  locationId: 3, customerPaymentMethodId: 7, secomPhoneNumber: '(212) 555-0142', secomAccessCardNumber: '4821', transitionEmailAddress: 'a@example.com', form, ...overrides,
});

describe('checkTransition', () => {
  it('accepts a complete transition with a matching confirmation (any case)', () => {
    expect(checkTransition(body(), 'A@Example.com')).toEqual({});
  });

  it('requires email, access card, phone and a card', () => {
    expect(checkTransition(body({ transitionEmailAddress: ' ', secomAccessCardNumber: '', secomPhoneNumber: '', customerPaymentMethodId: null }))).toEqual({
      transitionEmailAddress: 'Email Address field is required',
      secomAccessCardNumber: 'Access Card Number field is required',
      secomPhoneNumber: 'Phone Number field is required',
      customerPaymentMethodId: TRANSITION_MESSAGES.cardRequired,
    });
  });

  it('checks the email, its confirmation, the 4-digit card and the phone format', () => {
    expect(checkTransition(body({ transitionEmailAddress: 'a@b' }))).toEqual({ transitionEmailAddress: 'Email Address field must be a valid email' });
    expect(checkTransition(body(), 'b@example.com')).toEqual({ emailConfirmation: 'The Email Address confirmation does not match' });
    expect(checkTransition(body({ secomAccessCardNumber: '48210' })).secomAccessCardNumber).toBe(TRANSITION_MESSAGES.accessCardFormat);
    for (const phone of ['555-0142', '(212) 555-0142 ext 9', '1'.repeat(21)]) {
      expect(checkTransition(body({ secomPhoneNumber: phone })).secomPhoneNumber, phone).toBe('Phone Number field format is invalid');
    }
    expect(checkTransition(body({ secomPhoneNumber: '+1 212.555.0142' }))).toEqual({});
  });

  it('lists own messages before the form\'s', () => {
    expect(transitionErrorMessages(checkTransition(body({ secomAccessCardNumber: '', form: { ...form, city: '' } })))).toEqual(['Access Card Number field is required', 'City field is required']);
  });
});

describe('checkRegistrationForm (spec 2 §5 Monthly form)', () => {
  it('requires every field with its message', () => {
    const errors = checkRegistrationForm(EMPTY_REGISTRATION_FORM);
    const { plateFormat: _format, ...required } = REGISTRATION_MESSAGES;
    expect(errors).toEqual(required);
  });

  it('takes plates of 1 to 10 letters and digits', () => {
    expect(checkRegistrationForm({ ...form, vehicleLicensePlate: 'ABC-123' }).vehicleLicensePlate).toBe(REGISTRATION_MESSAGES.plateFormat);
    expect(checkRegistrationForm({ ...form, vehicleLicensePlate: 'A1' })).toEqual({});
  });
});
