/**
 * /my-account/profile: prefetches the customer's details and email-verified flag, then renders
 * the Profile page with the auth feature's email and phone forms (which bring their own
 * sign-in modal for stale sessions).
 */
import { createFileRoute } from '@tanstack/react-router';
import { customerDetailsQueryOptions } from '../../features/account-profile/customer-details-query';
import { emailVerifiedQueryOptions } from '../../features/account-profile/email-verified-query';
import { ProfilePage } from '../../features/account-profile/profile-page';
import { ChangePhoneForm } from '../../features/auth/change-phone-form';
import { VerifyEmailForm } from '../../features/auth/verify-email-form';
import { titledHead } from '../../lib/head';

function ProfileRoute() {
  return (
    <ProfilePage
      renderEmailForm={({ currentEmail, returnPath, onSent }) => <VerifyEmailForm currentEmail={currentEmail} returnPath={returnPath} onSent={onSent} />}
      renderPhoneForm={({ onChanged }) => <ChangePhoneForm onChanged={onChanged} />}
    />
  );
}

export const Route = createFileRoute('/_authenticated/my-account/profile')({
  loader: ({ context }) =>
    Promise.all([context.queryClient.ensureQueryData(customerDetailsQueryOptions), context.queryClient.ensureQueryData(emailVerifiedQueryOptions)]),
  head: titledHead('Profile'),
  component: ProfileRoute,
});
