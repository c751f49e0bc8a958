/**
 * /incidentreport, "Customer Claim Report" (spec 3): every field of the claim with the spec's
 * rules and messages, up to 5 photos, kept on the device as it is typed and sent when there is a
 * network (use-claim-draft.ts). Success replaces the form with the received message and the claim
 * number.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AddressSuggestion } from '../../contract/addresses';
import { CLAIM_MESSAGES, CLAIM_NUMBER_PREFIX, newYorkWallTime, type ClaimField } from '../../contract/claims';
import { toNewYorkDate } from '../../contract/vehicles';
import { withErrorPrefix } from '../../lib/card-validation';
import { AddressCombobox } from '../../ui/address-combobox';
import { ClaimPhotosField } from './claim-photos-field';
import { CLAIM_GROUPS, maxLengthOf, type FieldSpec } from './claim-form-fields';
import { claimLocationsQueryOptions } from './claims-api';
import { useClaimDraft } from './use-claim-draft';
import './claims.css';

export const CLAIM_TITLE = 'Customer Claim Report';

type TextField = Exclude<ClaimField, 'liability' | 'comprehensive' | 'collision' | 'attendantPossesedKeys' | 'isDamagePhotographed'>;

export function ClaimForm() {
  const claim = useClaimDraft();
  const locations = useQuery(claimLocationsQueryOptions);
  const [showSummary, setShowSummary] = useState(false);
  const [focused, setFocused] = useState<ClaimField | undefined>();

  if (claim.phase === 'success' && claim.receipt) {
    return (
      <section className="page page--narrow claim-received" role="status">
        <h1>{CLAIM_TITLE}</h1>
        <p className="claim-received__saved">{CLAIM_MESSAGES.saved}</p>
        <p>{claim.receipt.message}</p>
        <p>Claim number: <strong>{claim.receipt.claimNumber}</strong></p>
      </section>
    );
  }
  if (!claim.values) return <div className="page page--narrow" role="status">Loading...</div>;
  const values = claim.values;
  const now = new Date();
  const isLocked = claim.phase === 'saving' || claim.phase === 'queued';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const isValid = claim.submit(new Date());
    setShowSummary(!isValid);
    if (!isValid) {
      // The first invalid field, in the order the form shows them.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.claim-form [aria-invalid="true"]')?.focus());
    }
  };

  const id = (field: ClaimField) => `claim-${field}`;
  const a11y = (field: ClaimField) => ({
    id: id(field),
    name: field,
    'aria-invalid': claim.errors[field] ? true : undefined,
    'aria-describedby': claim.errors[field] ? `${id(field)}-error` : undefined,
  });
  const textInput = (spec: FieldSpec & { field: TextField }) => {
    if (spec.field === 'street') {
      // A chosen address fills the four address fields (spec 3 §3: US only, street, ZIP, city, state).
      const fill = (address: AddressSuggestion) => {
        claim.setField('street', address.street);
        claim.setField('city', address.city);
        claim.setField('state', address.state);
        if (address.zipCode) claim.setField('zipCode', address.zipCode);
      };
      return <AddressCombobox {...a11y('street')} value={values.street} maxLength={maxLengthOf('street', values.street)} onTextChange={(text) => claim.setField('street', text)} onPick={fill} />;
    }
    const common = { ...a11y(spec.field), value: values[spec.field], maxLength: maxLengthOf(spec.field, values[spec.field]), autoComplete: spec.autoComplete ?? 'off', onChange: (event: { target: { value: string } }) => claim.setField(spec.field, event.target.value) };
    switch (spec.kind) {
      case 'location':
        return (
          <select {...common}>
            <option value="">{locations.isPending ? 'Loading garages...' : 'Select a garage'}</option>
            {locations.data?.Results.map((row) => <option key={row.LocationID} value={String(row.LocationID)}>{`${row.LocationNumber} · ${row.Address1}`}</option>)}
          </select>
        );
      case 'textarea':
        return <textarea {...common} rows={4} />;
      case 'past-date':
        return <input {...common} type="date" max={toNewYorkDate(now)} />;
      case 'date':
        return <input {...common} type="date" />;
      case 'past-date-time':
        return <input {...common} type="datetime-local" max={newYorkWallTime(now)} />;
      default: {
        const isClaimNumber = spec.field === 'claimNumber';
        return (
          <input
            {...common}
            type={spec.kind === 'email' ? 'email' : spec.kind === 'tel' ? 'tel' : 'text'}
            inputMode={spec.kind === 'tel' ? 'tel' : undefined}
            // Spec 3 §5: the claim number shows the placeholder "E" on focus while empty.
            placeholder={isClaimNumber && focused === 'claimNumber' && !values.claimNumber ? CLAIM_NUMBER_PREFIX : undefined}
            onFocus={() => setFocused(spec.field)}
            onBlur={() => setFocused(undefined)}
          />
        );
      }
    }
  };

  const control = (spec: FieldSpec) => {
    if (spec.kind === 'check') {
      const field = spec.field as 'liability' | 'comprehensive' | 'collision';
      return (
        <label className="choice-row" key={field}>
          <input type="checkbox" name={field} checked={values[field]} onChange={(event) => claim.setField(field, event.target.checked)} />
          {spec.label}
        </label>
      );
    }
    const error = claim.errors[spec.field];
    const errorLine = error ? <p className="form-error" id={`${id(spec.field)}-error`}>{withErrorPrefix(error)}</p> : null;
    if (spec.kind === 'yes-no') {
      const field = spec.field as 'attendantPossesedKeys' | 'isDamagePhotographed';
      return (
        <fieldset className="claim-form__field" key={field} aria-describedby={error ? `${id(field)}-error` : undefined}>
          <legend>{spec.label} *</legend>
          <div className="claim-form__yes-no">
            {(['yes', 'no'] as const).map((answer) => (
              <label className="choice-row" key={answer}>
                <input type="radio" name={field} value={answer} checked={values[field] === answer} aria-invalid={error ? true : undefined} onChange={() => claim.setField(field, answer)} />
                {answer === 'yes' ? 'Yes' : 'No'}
              </label>
            ))}
          </div>
          {errorLine}
        </fieldset>
      );
    }
    return (
      <div className="claim-form__field" key={spec.field}>
        <label htmlFor={id(spec.field)}>{spec.label}{spec.isRequired ? ' *' : ''}</label>
        {textInput(spec as FieldSpec & { field: TextField })}
        {errorLine}
      </div>
    );
  };

  return (
    <section className="page page--narrow">
      <h1>{CLAIM_TITLE}</h1>
      <p className="claim-form__intro">Tell us what happened. What you type here is kept on this device until it is sent, even with no signal.</p>
      <form className="claim-form" noValidate onSubmit={onSubmit}>
        <fieldset disabled={isLocked} className="claim-form__body">
          {CLAIM_GROUPS.map((group) => (
            <fieldset className="claim-form__group" key={group.title}>
              <legend>{group.title}</legend>
              {group.fields.map(control)}
            </fieldset>
          ))}
          <ClaimPhotosField photos={claim.photos} message={claim.photoMessage} onAdd={claim.addPhotos} onRemove={claim.removePhoto} />
        </fieldset>
        {showSummary && Object.keys(claim.errors).length > 0 && <p className="form-error" role="alert">{withErrorPrefix(CLAIM_MESSAGES.formInvalid)}</p>}
        {claim.phase === 'queued' && (
          <div className="claim-form__queued" role="status">
            <p>Your device appears to be offline. Your claim is saved on this device and will be sent as soon as the network is back.</p>
            {claim.serverMessage && <p>{claim.serverMessage}</p>}
            <button type="button" className="button button--secondary" onClick={claim.keepEditing}>Keep editing</button>
          </div>
        )}
        {claim.phase === 'error' && (
          <div className="form-error" role="alert">
            <p><strong>{CLAIM_MESSAGES.saveFailed}</strong></p>
            {claim.serverMessage && <p>{claim.serverMessage}</p>}
          </div>
        )}
        {!isLocked && <button type="submit" className="button">Submit</button>}
        {claim.phase === 'saving' && <p role="status">Sending your claim...</p>}
      </form>
    </section>
  );
}

