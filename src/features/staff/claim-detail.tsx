/**
 * /staff/claims/{claimId}: the claim as filed, its photos (the resized copies; the original on
 * request) and its status history, and the next status with an optional note. The note is part of
 * the email the customer gets about the change.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { CLAIM_STATUS_LABELS, NEXT_CLAIM_STATUSES, STAFF_NOTE_MAX } from '../../contract/staff';
import { getErrorMessage } from '../../lib/errors';
import { saveBlob } from './save-blob';
import { claimQueryOptions, fetchStaffBlob, moveClaim } from './staff-api';

function ClaimPhoto({ claimId, position }: { claimId: number; position: number }) {
  const [url, setUrl] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    let objectUrl: string | undefined;
    let isActive = true;
    fetchStaffBlob(`/staff/api/claims/${claimId}/photos/${position}/viewing`).then(
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
  }, [claimId, position]);
  const downloadOriginal = async () => saveBlob(await fetchStaffBlob(`/staff/api/claims/${claimId}/photos/${position}/original`), `claim-${claimId}-photo-${position}`);
  return (
    <figure className="staff-photo">
      {url ? <img src={url} alt={`Claim photo ${position}`} /> : <div className="staff-photo__placeholder">{error ?? 'Loading photo...'}</div>}
      <figcaption>
        Photo {position} · <button type="button" className="button button--link" onClick={() => void downloadOriginal()}>Original</button>
      </figcaption>
    </figure>
  );
}

export function ClaimDetailPage({ claimId }: { claimId: number }) {
  const queryClient = useQueryClient();
  const claim = useQuery(claimQueryOptions(claimId));
  const [note, setNote] = useState('');
  const move = useMutation({
    mutationFn: (status: (typeof NEXT_CLAIM_STATUSES)['received'][number]) => moveClaim(claimId, status, note),
    onSuccess: async () => {
      setNote('');
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
    },
  });
  if (claim.isPending) return <div className="page" role="status">Loading...</div>;
  if (claim.isError) return <section className="page staff-page" role="alert"><h1>Claim</h1><p>{getErrorMessage(claim.error)}</p></section>;
  const detail = claim.data;
  return (
    <section className="page staff-page">
      <p><Link to="/staff">← All claims</Link></p>
      <h1>Claim {detail.claimNumber}</h1>
      <p>
        <span className={`staff-status staff-status--${detail.status}`}>{CLAIM_STATUS_LABELS[detail.status]}</span>{' '}
        {detail.firstName} {detail.lastName} · {detail.locationNumber} · {detail.address1}
      </p>

      <div className="staff-actions">
        <label htmlFor="staff-note">Note to the customer (optional, sent in the email{detail.emailAddress ? ` to ${detail.emailAddress}` : '; this claim has no email address'})</label>
        <textarea id="staff-note" rows={3} maxLength={STAFF_NOTE_MAX} value={note} onChange={(event) => setNote(event.target.value)} />
        <div className="staff-actions__buttons">
          {NEXT_CLAIM_STATUSES[detail.status].map((status) => (
            <button key={status} type="button" className="button" disabled={move.isPending} onClick={() => move.mutate(status)}>
              {detail.status === 'closed' ? 'Reopen for review' : `Mark ${CLAIM_STATUS_LABELS[status].toLowerCase()}`}
            </button>
          ))}
        </div>
        {move.isError && <p className="form-error" role="alert">{getErrorMessage(move.error)}</p>}
        {move.isSuccess && <p role="status">Status changed{move.data.isCustomerMailed ? ' and the customer was emailed' : ''}.</p>}
      </div>

      <h2>Photos</h2>
      {detail.photos.length === 0 ? <p>No photos were sent with this claim.</p> : (
        <div className="staff-photos">{detail.photos.map((photo) => <ClaimPhoto key={photo.position} claimId={claimId} position={photo.position} />)}</div>
      )}

      <h2>Claim</h2>
      <dl className="staff-fields">
        {detail.fields.filter((field) => field.value !== '').map((field) => (
          <div key={field.label}><dt>{field.label}</dt><dd>{field.value}</dd></div>
        ))}
      </dl>

      <h2>History</h2>
      {detail.history.length === 0 ? <p>Received, not worked yet.</p> : (
        <ol className="staff-history">
          {detail.history.map((change) => (
            <li key={change.changedAt}>
              {new Date(change.changedAt).toLocaleString('en-US', { timeZone: 'America/New_York', dateStyle: 'medium', timeStyle: 'short' })}: {CLAIM_STATUS_LABELS[change.fromStatus]} → {CLAIM_STATUS_LABELS[change.toStatus]} by {change.changedBy}
              {change.isCustomerMailed ? ' (customer emailed)' : ''}{change.note ? ` — “${change.note}”` : ''}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
