/** What the account holds: display name, phone, email and whether the email is verified. */
import type { CustomerDetails } from '../../contract/accounts';
import { PROFILE_MESSAGES } from './profile-messages';

export function ProfileSummary({ details, isEmailVerified }: { details: CustomerDetails; isEmailVerified: boolean }) {
  return (
    <dl className="profile-summary">
      <dt>Name</dt>
      <dd data-testid="profile-name">{details.displayName || PROFILE_MESSAGES.notOnFile}</dd>
      <dt>Mobile Phone Number</dt>
      <dd data-testid="profile-phone">{details.phone || PROFILE_MESSAGES.notOnFile}</dd>
      <dt>Email Address</dt>
      <dd data-testid="profile-email">
        {details.email || PROFILE_MESSAGES.notOnFile}
        {details.email && (
          <span className={`profile-badge profile-badge--${isEmailVerified ? 'ok' : 'pending'}`}>
            {isEmailVerified ? PROFILE_MESSAGES.emailVerified : PROFILE_MESSAGES.emailNotVerified}
          </span>
        )}
      </dd>
    </dl>
  );
}
