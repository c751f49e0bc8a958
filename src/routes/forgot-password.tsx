import { createFileRoute } from '@tanstack/react-router';
import { ForgotPassword } from '../features/auth/forgot-password';
import { pageHead } from '../lib/head';

export const Route = createFileRoute('/forgot-password')({
  head: ({ match }) => pageHead({ title: 'Reset Password', path: match.pathname }),
  component: ForgotPassword,
});
