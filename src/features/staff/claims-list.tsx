/** /staff: every claim, newest first, filtered by status, garage and incident dates, searched by number, name, email, phone, plate or VIN; CSV of the same selection. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { CLAIM_STATUS_LABELS, CLAIM_STATUSES, type ClaimStatus } from '../../contract/staff';
import { getErrorMessage } from '../../lib/errors';
import { claimsQueryOptions, fetchStaffBlob, filterQuery, type ClaimListFilter } from './staff-api';
import { saveBlob } from './save-blob';

export function ClaimsList({ filter }: { filter: ClaimListFilter }) {
  const navigate = useNavigate();
  const claims = useQuery({ ...claimsQueryOptions(filter), placeholderData: keepPreviousData });
  const [q, setQ] = useState(filter.q ?? '');
  const [exportError, setExportError] = useState<string | undefined>();
  // A new selection starts at its first page, which has no `page` in the URL (search-params.ts).
  const go = (next: Partial<ClaimListFilter>) => void navigate({ to: '/staff', search: { ...filter, ...next, page: next.page || undefined } });

  const exportCsv = async () => {
    setExportError(undefined);
    try {
      const { page: _page, ...selection } = filter;
      saveBlob(await fetchStaffBlob(`/staff/api/claims.csv${filterQuery(selection)}`), `parkfair-claims-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error: unknown) {
      setExportError(getErrorMessage(error));
    }
  };

  const pageCount = claims.data ? Math.max(1, Math.ceil(claims.data.totalElementCount / claims.data.pageSize)) : 1;
  return (
    <section className="page staff-page">
      <h1>Claims</h1>
      <form className="staff-filters" role="search" onSubmit={(event) => { event.preventDefault(); go({ q: q.trim() || undefined }); }}>
        <label>
          Search
          <input type="search" value={q} onChange={(event) => setQ(event.target.value)} placeholder="Claim number, name, email, phone, plate or VIN" />
        </label>
        <label>
          Status
          <select value={filter.status ?? ''} onChange={(event) => go({ status: (event.target.value || undefined) as ClaimStatus | undefined })}>
            <option value="">All</option>
            {CLAIM_STATUSES.map((status) => <option key={status} value={status}>{CLAIM_STATUS_LABELS[status]}</option>)}
          </select>
        </label>
        <label>
          Garage
          <input inputMode="numeric" defaultValue={filter.locationNumber ?? ''} onBlur={(event) => go({ locationNumber: event.target.value.trim() || undefined })} placeholder="1044" />
        </label>
        <label>
          Incident from
          <input type="date" value={filter.from ?? ''} onChange={(event) => go({ from: event.target.value || undefined })} />
        </label>
        <label>
          to
          <input type="date" value={filter.to ?? ''} onChange={(event) => go({ to: event.target.value || undefined })} />
        </label>
        <button type="submit" className="button">Search</button>
        <button type="button" className="button button--secondary" onClick={() => void exportCsv()}>Export CSV</button>
      </form>
      {exportError && <p className="form-error" role="alert">{exportError}</p>}
      {claims.isError && <p className="form-error" role="alert">{getErrorMessage(claims.error)}</p>}
      {claims.data && (
        <>
          <p className="staff-count" role="status">{claims.data.totalElementCount} {claims.data.totalElementCount === 1 ? 'claim' : 'claims'}</p>
          <div className="staff-table-wrap">
            <table className="staff-table">
              <thead>
                <tr><th>Claim</th><th>Status</th><th>Customer</th><th>Garage</th><th>Incident</th><th>Plate</th><th>Photos</th><th>Received</th></tr>
              </thead>
              <tbody>
                {claims.data.results.map((claim) => (
                  <tr key={claim.claimId}>
                    <td><Link to="/staff/claims/$claimId" params={{ claimId: claim.claimId }}>{claim.claimNumber}</Link></td>
                    <td><span className={`staff-status staff-status--${claim.status}`}>{CLAIM_STATUS_LABELS[claim.status]}</span></td>
                    <td>{claim.firstName} {claim.lastName}</td>
                    <td>{claim.locationNumber} · {claim.address1}</td>
                    <td>{claim.incidentDate}</td>
                    <td>{claim.vehiclePlate ?? ''}</td>
                    <td>{claim.photoCount}</td>
                    <td>{new Date(claim.createdAt).toLocaleString('en-US', { timeZone: 'America/New_York', dateStyle: 'medium', timeStyle: 'short' })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="staff-pager">
            <button type="button" className="button button--secondary" disabled={filter.page === 0} onClick={() => go({ page: filter.page - 1 })}>Previous</button>
            <span>Page {filter.page + 1} of {pageCount}</span>
            <button type="button" className="button button--secondary" disabled={filter.page + 1 >= pageCount} onClick={() => go({ page: filter.page + 1 })}>Next</button>
          </div>
        </>
      )}
    </section>
  );
}
