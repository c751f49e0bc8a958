/**
 * The tax exemption / resident rate request of a monthly contract (decision 0104), on the
 * subscription page: its state (proof needed, pending, approved with the credit, rejected with
 * staff's reason) and the proof upload (an image or a PDF; the server checks the bytes). Until
 * staff approve, the contract bills the full rate: the exempt fee is shown as what applies once
 * approved, never as the price.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  contractExemptionSchema, EXEMPTION_CLAIM_FIELD, EXEMPTION_CLAIM_LABELS, EXEMPTION_CLAIMS, EXEMPTION_PROOF_FIELD, MAX_EXEMPTION_PROOFS,
  type ExemptionClaim, type ExemptionRequest,
} from '../../contract/exemptions';
import { apiFetch } from '../../lib/api-client';
import { getErrorMessage } from '../../lib/errors';
import { USER_QUERY_ROOT } from '../../lib/query-client';
import { BusyButton } from '../../ui/busy-button';
import { formatDate, formatMoney } from './monthly-format';

const exemptionPath = (contractId: number) => `/payments/api/monthly-contracts/${contractId}/exemption`;

export const exemptionQueryOptions = (contractId: number) =>
  queryOptions({
    queryKey: [USER_QUERY_ROOT, 'monthly-exemption', contractId],
    queryFn: ({ signal }) => apiFetch(exemptionPath(contractId), { schema: contractExemptionSchema, signal }),
    refetchOnMount: 'always',
  });

/** The state line the customer reads; `data-status` names it for tests. */
export function exemptionStateText(request: ExemptionRequest): string {
  const what = EXEMPTION_CLAIM_LABELS[request.claim];
  switch (request.status) {
    case 'awaiting-proof':
      return `${what}: proof needed. You pay the full rate of ${formatMoney(request.fullMonthlyAmount)} until our staff approve your proof.`;
    case 'pending':
      return `${what}: pending review. You pay the full rate of ${formatMoney(request.fullMonthlyAmount)} until it is approved; once approved, ${formatMoney(request.exemptMonthlyAmount)} a month.`;
    case 'approved':
      return `${what}: approved${request.decidedUtc ? ` on ${formatDate(request.decidedUtc)}` : ''}. Your monthly fee is ${formatMoney(request.exemptMonthlyAmount)}.`;
    case 'rejected':
      return `${what}: rejected. You pay the full rate of ${formatMoney(request.fullMonthlyAmount)}.`;
  }
}

export function ExemptionCard({ contractId }: { contractId: number }) {
  const queryClient = useQueryClient();
  const exemption = useQuery(exemptionQueryOptions(contractId));
  const [claim, setClaim] = useState<ExemptionClaim>('resident');
  const [files, setFiles] = useState<File[]>([]);
  const [isBusy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  if (exemption.isPending) return null;
  if (exemption.isError) return <p className="form-message form-message--error" role="alert">{getErrorMessage(exemption.error)}</p>;
  const { request, creditRemaining } = exemption.data;
  const canUpload = !request || request.status === 'awaiting-proof' || request.status === 'rejected';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (files.length === 0) return setProblem('Attach your proof: a photo or a PDF of the certificate.');
    const form = new FormData();
    form.set(EXEMPTION_CLAIM_FIELD, request?.status === 'awaiting-proof' ? request.claim : claim);
    for (const file of files) form.append(EXEMPTION_PROOF_FIELD, file, file.name);
    setBusy(true);
    setProblem(undefined);
    try {
      const updated = await apiFetch(exemptionPath(contractId), { method: 'POST', form, schema: contractExemptionSchema });
      queryClient.setQueryData(exemptionQueryOptions(contractId).queryKey, updated);
      setFiles([]);
    } catch (failure: unknown) {
      setProblem(getErrorMessage(failure));
    } finally {
      setBusy(false);
    }
    return undefined;
  };

  return (
    <section className="monthly-exemption" aria-labelledby="exemption-heading" data-testid="exemption">
      <h2 id="exemption-heading">Tax Exemption or Resident Rate</h2>
      {request && (
        <p data-testid="exemption-status" data-status={request.status} role="status">
          {exemptionStateText(request)}
        </p>
      )}
      {request?.status === 'rejected' && request.reason && <p data-testid="exemption-reason">Reason: {request.reason}</p>}
      {request?.status === 'approved' && request.creditAmount !== null && request.creditAmount > 0 && (
        <p>
          {formatMoney(request.creditAmount)} was credited for the months billed at the full rate
          {creditRemaining > 0 ? `; ${formatMoney(creditRemaining)} comes off your next bills.` : ' and has been taken off your bills.'}
        </p>
      )}
      {!request && <p>Tax exempt, or a resident with the parking tax exemption (in Manhattan, the Department of Finance’s MRPTE certificate)? Upload your proof: you pay the full rate until our staff approve it.</p>}
      {canUpload && (
        <form className="monthly-exemption__form" onSubmit={(event) => void onSubmit(event)} noValidate>
          {request?.status !== 'awaiting-proof' && (
            <fieldset>
              <legend>What are you claiming?</legend>
              {EXEMPTION_CLAIMS.map((option) => (
                <label key={option}>
                  <input type="radio" name="exemption-claim" checked={claim === option} onChange={() => setClaim(option)} /> {EXEMPTION_CLAIM_LABELS[option]}
                </label>
              ))}
            </fieldset>
          )}
          <label htmlFor={`exemption-proof-${contractId}`}>Proof (photo or PDF, up to {MAX_EXEMPTION_PROOFS} files)</label>
          <input
            id={`exemption-proof-${contractId}`}
            type="file"
            accept="image/jpeg,image/png,image/webp,application/pdf"
            multiple
            onChange={(event) => setFiles(Array.from(event.target.files ?? []).slice(0, MAX_EXEMPTION_PROOFS))}
          />
          {problem && <p className="form-message form-message--error" role="alert">{`Error: ${problem}`}</p>}
          <BusyButton type="submit" isBusy={isBusy} label="Upload Proof" />
        </form>
      )}
    </section>
  );
}

