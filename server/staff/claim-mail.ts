/** The customer's email when staff move their claim (received → in review → closed, or reopened). */
import { CLAIM_STATUS_LABELS, type ClaimStatus } from '../../src/contract/staff.ts';
import { COMPANY } from '../content/seed-data/company.ts';
import type { MailMessage } from '../mail/mailer.ts';

const WHAT_NEXT: Record<ClaimStatus, string> = {
  received: 'We have your claim and will review it shortly.',
  'in-review': 'Our claims team is reviewing your claim. We may call or write to you if we need more information.',
  closed: 'Our review of your claim is complete and the claim is now closed.',
};

export function claimStatusMessage(input: { to: string; firstName: string; claimNumber: string; address: string; incidentDate: string; status: ClaimStatus; note: string | null }): MailMessage {
  const label = CLAIM_STATUS_LABELS[input.status].toLowerCase();
  const note = input.note ? `\n\nA note from our claims team:\n${input.note}` : '';
  return {
    to: input.to,
    kind: 'claim-status',
    subject: `Your ParkFair claim E${input.claimNumber} is ${label}`,
    text: `Hello ${input.firstName},\n\nYour claim E${input.claimNumber} (incident on ${input.incidentDate} at ${input.address}) is now ${label}. ${WHAT_NEXT[input.status]}${note}\n\nQuestions? Call ${COMPANY.phone}, ${COMPANY.serviceHours}, and give your claim number.\n\nParkFair Customer Service`,
    links: [],
  };
}
