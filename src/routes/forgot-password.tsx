import { createFileRoute } from '@tanstack/react-router';
import { ForgotPassword } from '../features/auth/forgot-password';
import { titledHead } from '../lib/head';

export const Route = createFileRoute('/forgot-password')({
  head: titledHead('Reset Password'),
  component: ForgotPassword,
});
