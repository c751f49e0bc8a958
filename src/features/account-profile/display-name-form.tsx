/** Edit the display name (update-displayname): one "Customer Name" field, spec 2 §5 message. */
import { useId, useState } from 'react';
import { useUpdateDisplayName } from './update-display-name';
import { toProfileErrorMessage } from './profile-errors';
import { PROFILE_MESSAGES } from './profile-messages';
import { asFieldError, checkDisplayName, DISPLAY_NAME_MAX_LENGTH, normaliseDisplayName } from './profile-rules';
import { StatusMessage } from './status-message';
import { BusyButton } from '../../ui/busy-button';

export function DisplayNameForm({ currentName }: { currentName: string | null }) {
  const id = useId();
  const inputId = `${id}-name`;
  const errorId = `${id}-name-error`;
  const [name, setName] = useState(currentName ?? '');
  const [fieldError, setFieldError] = useState<string>();
  const mutation = useUpdateDisplayName();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (mutation.isPending) return;
    const problem = checkDisplayName(name);
    setFieldError(problem);
    mutation.reset();
    if (problem) return;
    const displayName = normaliseDisplayName(name);
    setName(displayName);
    mutation.mutate(displayName);
  }

  return (
    <form className="profile-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Name</h2>
      {mutation.isError && <StatusMessage kind="error">{toProfileErrorMessage(mutation.error)}</StatusMessage>}
      {mutation.isSuccess && <StatusMessage kind="success">{PROFILE_MESSAGES.nameSaved}</StatusMessage>}
      <div className="field">
        <label htmlFor={inputId}>Customer Name *</label>
        <input
          id={inputId}
          autoComplete="name"
          maxLength={DISPLAY_NAME_MAX_LENGTH}
          value={name}
          aria-invalid={Boolean(fieldError)}
          aria-describedby={fieldError ? errorId : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {fieldError && (
          <p id={errorId} className="field__error" role="alert">
            {asFieldError(fieldError)}
          </p>
        )}
      </div>
      <BusyButton isBusy={mutation.isPending} label="Save Name" />
    </form>
  );
}
