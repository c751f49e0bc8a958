/**
 * My Account › Profile (spec 2 §2, §3 Customer details, §4 Email verification): the account's
 * name, phone, email and its verified state, with forms to change each and the marketing
 * switches. The email and phone forms belong to the auth feature; the route passes them in as
 * render props (features never import each other), and this page refreshes after they succeed.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { customerDetailsQueryOptions } from './customer-details-query';
import { DisplayNameForm } from './display-name-form';
import { emailVerifiedQueryOptions } from './email-verified-query';
import { MarketingPrefsForm } from './marketing-prefs-form';
import { ProfileSummary } from './profile-summary';
import { useRefreshProfile } from './use-refresh-profile';
import './account-profile.css';

export const PROFILE_RETURN_PATH = '/my-account/profile';

export type EmailFormSlot = (input: { currentEmail: string | null; returnPath: string; onSent: () => void }) => ReactNode;
export type PhoneFormSlot = (input: { onChanged: () => void }) => ReactNode;

export function ProfilePage({ renderEmailForm, renderPhoneForm }: { renderEmailForm: EmailFormSlot; renderPhoneForm: PhoneFormSlot }) {
  const { data: details } = useSuspenseQuery(customerDetailsQueryOptions);
  const { data: isEmailVerified } = useSuspenseQuery(emailVerifiedQueryOptions);
  const refresh = useRefreshProfile();
  const [isChangingPhone, setIsChangingPhone] = useState(false);

  return (
    <section className="page page--narrow profile-page">
      <h1>Profile</h1>
      <ProfileSummary details={details} isEmailVerified={isEmailVerified} />

      <DisplayNameForm currentName={details.displayName} />

      <section className="profile-form" aria-labelledby="profile-email-heading">
        <h2 id="profile-email-heading">Email Address</h2>
        {renderEmailForm({ currentEmail: details.email, returnPath: PROFILE_RETURN_PATH, onSent: refresh })}
      </section>

      <section className="profile-form" aria-labelledby="profile-phone-heading">
        <h2 id="profile-phone-heading">Mobile Phone Number</h2>
        {isChangingPhone ? (
          renderPhoneForm({ onChanged: refresh })
        ) : (
          <button type="button" className="button button--secondary" onClick={() => setIsChangingPhone(true)}>
            Change Phone Number
          </button>
        )}
      </section>

      <MarketingPrefsForm prefs={{ acceptMarketingEmail: details.acceptMarketingEmail, acceptMarketingText: details.acceptMarketingText }} />
    </section>
  );
}
