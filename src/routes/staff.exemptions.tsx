import { createFileRoute } from '@tanstack/react-router';
import { ExemptionsDesk } from '../features/staff/exemptions-desk';

export const Route = createFileRoute('/staff/exemptions')({
  component: ExemptionsDesk,
});
