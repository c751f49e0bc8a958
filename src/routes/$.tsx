import { createFileRoute } from '@tanstack/react-router';
import { leaveUnknownPath } from '../lib/unknown-path';

/**
 * Any path no other route knows: a second-stage page the router has not joined yet resolves
 * again once it has; an unknown path goes to the not-found page (spec 1 §2.1; lib/unknown-path.ts).
 */
export const Route = createFileRoute('/$')({
  beforeLoad: leaveUnknownPath,
});
