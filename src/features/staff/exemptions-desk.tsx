/**
 * /staff/exemptions: tax exemption and resident rate requests of monthly contracts (decision
 * 0104). Pending ones first (oldest proof first); each shows the customer, the fees at the full
 * and the exempt rate, and the proof (images inline, PDFs as downloads, fetched with the staff
 * token). Approve bills the exempt fee from then on and credits the months billed in full since
 * the request; Reject needs a reason, which the customer reads on their subscription page.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  EXEMPTION_CLAIM_LABELS, EXEMPTION_MESSAGES, EXEMPTION_STATUSES, staffExemptionListSchema, staffExemptionSchema, type ExemptionStatus, type StaffExemption,
} from '../../contract/exemptions';
import { apiFetch } from '../../lib/api-client';
import { getErrorMessage } from '../../lib/errors';
import { fetchStaffBlob } from './staff-api';
import { saveBlob } from './save-blob';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { timeZone: 'America/New_York', dateStyle: 'medium', timeStyle: 'short' });
const listKey = (status: ExemptionStatus) => ['staff', 'exemptions', status] as const;

function ProofImage({ requestId, position }: { requestId: number; position: number }) {
  const [url, setUrl] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    let objectUrl: string | undefined;
    let isActive = true;
    fetchStaffBlob(`/staff/api/exemptions/${requestId}/proofs/${position}/viewing`).then(
      (blob) => {
        if (!isActive) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      (caught: unknown) => isActive && setError(getErrorMessage(caught)),
    );
    return () => {
      isActive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [requestId, position]);
  return url ? <img src={url} alt={`Proof ${position}`} /> : <div className="staff-photo__placeholder">{error ?? 'Loading proof...'}</div>;
}

function Proofs({ request }: { request: StaffExemption }) {
  const download = async (position: number, isPdf: boolean) =>
    saveBlob(await fetchStaffBlob(`/staff/api/exemptions/${request.exemptionRequestId}/proofs/${position}/original`), `exemption-${request.exemptionRequestId}-proof-${position}${isPdf ? '.pdf' : ''}`);
  if (request.proofs.length === 0) return <p>No proof uploaded yet.</p>;
  return (
    <div className="staff-photos">
      {request.proofs.map((proof) => {
        const isPdf = proof.contentType === 'application/pdf';
        return (
          <figure key={proof.position} className="staff-photo">
            {isPdf ? <div className="staff-photo__placeholder">PDF, {Math.ceil(proof.byteSize / 1024)} KB</div> : <ProofImage requestId={request.exemptionRequestId} position={proof.position} />}
            <figcaption>
              Proof {proof.position} · <button type="button" className="button button--link" onClick={() => void download(proof.position, isPdf)}>{isPdf ? 'Open PDF' : 'Original'}</button>
            </figcaption>
          </figure>
        );
      })}
    </div>
  );
}

function RequestCard({ request, onDecided }: { request: StaffExemption; onDecided: () => void }) {
  const [reason, setReason] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const decide = async (json: { decision: 'approve' } | { decision: 'reject'; reason: string }) => {
    if (json.decision === 'reject' && !json.reason.trim()) return setProblem(EXEMPTION_MESSAGES.reasonRequired);
    setBusy(true);
    setProblem(undefined);
    try {
      await apiFetch(`/staff/api/exemptions/${request.exemptionRequestId}/decision`, { method: 'POST', json, schema: staffExemptionSchema });
      onDecided();
    } catch (failure: unknown) {
      setProblem(getErrorMessage(failure));
    } finally {
      setBusy(false);
    }
    return undefined;
  };
  return (
    <li className="staff-exemption" data-testid="staff-exemption">
      <h2>{request.fullName} · {EXEMPTION_CLAIM_LABELS[request.claim]}</h2>
      <p>
        Contract {request.monthlyContractId} at garage {request.locationId}{request.email ? ` · ${request.email}` : ''} · requested {when(request.requestedUtc)}
        {request.proofUploadedUtc ? `, proof ${when(request.proofUploadedUtc)}` : ''}
      </p>
      <p>Monthly fee: {money.format(request.fullMonthlyAmount)} now, {money.format(request.exemptMonthlyAmount)} once approved.</p>
      {request.status === 'rejected' && <p>Rejected: {request.reason}</p>}
      {request.status === 'approved' && <p>Approved{request.decidedUtc ? ` ${when(request.decidedUtc)}` : ''}; credited {money.format(request.creditAmount ?? 0)}.</p>}
      <Proofs request={request} />
      {request.status === 'pending' && (
        <div className="staff-exemption__decide">
          <label>
            Reason (for a rejection; the customer reads it)
            <textarea value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} rows={2} />
          </label>
          {problem && <p className="form-error" role="alert">{`Error: ${problem}`}</p>}
          <button type="button" className="button" disabled={isBusy} onClick={() => void decide({ decision: 'approve' })}>Approve</button>{' '}
          <button type="button" className="button button--secondary" disabled={isBusy} onClick={() => void decide({ decision: 'reject', reason })}>Reject</button>
        </div>
      )}
    </li>
  );
}

export function ExemptionsDesk() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ExemptionStatus>('pending');
  const requests = useQuery({
    queryKey: listKey(status),
    queryFn: ({ signal }) => apiFetch(`/staff/api/exemptions?status=${status}`, { schema: staffExemptionListSchema, signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="page staff-page">
      <h1>Tax Exemptions and Resident Rates</h1>
      <p>Until a request is approved the contract bills the full rate. Approving bills the exempt fee from the next 1st and credits what the months since the request cost over it.</p>
      <label className="staff-filters">
        Show
        <select value={status} onChange={(event) => setStatus(event.target.value as ExemptionStatus)}>
          {EXEMPTION_STATUSES.map((option) => <option key={option} value={option}>{option}</option>)}
        </select>
      </label>
      {requests.isError && <p className="form-error" role="alert">{getErrorMessage(requests.error)}</p>}
      {requests.data && (requests.data.results.length === 0 ? <p>No {status} requests.</p> : (
        <ul className="staff-exemptions">
          {requests.data.results.map((request) => (
            <RequestCard key={request.exemptionRequestId} request={request} onDecided={() => void queryClient.invalidateQueries({ queryKey: ['staff', 'exemptions'] })} />
          ))}
        </ul>
      ))}
    </section>
  );
}
