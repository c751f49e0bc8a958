/**
 * Marketing preferences (update-marketing-prefs): two switches, each saved as it is flipped.
 * Both values are always sent; a switch shows the value being saved, then what the server saved.
 */
import { useId, useState } from 'react';
import { toProfileErrorMessage } from './profile-errors';
import { PROFILE_MESSAGES } from './profile-messages';
import { StatusMessage } from './status-message';
import { type MarketingPrefs, useUpdateMarketingPrefs } from './update-marketing-prefs';

const SWITCHES: { key: keyof MarketingPrefs; label: string }[] = [
  { key: 'acceptMarketingEmail', label: 'Send me offers and news by email' },
  { key: 'acceptMarketingText', label: 'Send me offers and news by text message' },
];

export function MarketingPrefsForm({ prefs }: { prefs: MarketingPrefs }) {
  const id = useId();
  const mutation = useUpdateMarketingPrefs();
  // The value being saved, set in the change handler itself: a controlled checkbox must see its
  // new state in the same event, or React puts the old one back until the mutation reports.
  const [saving, setSaving] = useState<MarketingPrefs>();
  const shown = saving ?? prefs;

  function save(next: MarketingPrefs) {
    setSaving(next);
    mutation.mutate(next, { onSettled: () => setSaving(undefined) });
  }

  return (
    <fieldset className="profile-form profile-switches" aria-busy={saving !== undefined}>
      <legend>
        <h2>Marketing Preferences</h2>
      </legend>
      {mutation.isError && <StatusMessage kind="error">{toProfileErrorMessage(mutation.error)}</StatusMessage>}
      {mutation.isSuccess && <StatusMessage kind="success">{PROFILE_MESSAGES.marketingSaved}</StatusMessage>}
      {SWITCHES.map(({ key, label }) => (
        <label key={key} className="profile-switch" htmlFor={`${id}-${key}`}>
          <input
            id={`${id}-${key}`}
            type="checkbox"
            role="switch"
            checked={shown[key]}
            disabled={saving !== undefined}
            onChange={(event) => save({ ...prefs, [key]: event.target.checked })}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
