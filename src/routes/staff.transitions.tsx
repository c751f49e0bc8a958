import { createFileRoute } from '@tanstack/react-router';
import { TransitionsList } from '../features/staff/transitions-list';

export const Route = createFileRoute('/staff/transitions')({
  component: TransitionsList,
});
