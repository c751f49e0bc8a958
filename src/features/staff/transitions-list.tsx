/** /staff/transitions: monthly customers who moved their access card online, newest first, searched by card, name, email, phone, garage or plate. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { staffTransitionSchema } from '../../contract/monthly-transition';
import { apiFetch } from '../../lib/api-client';
import { getErrorMessage } from '../../lib/errors';
import { staffKeys } from './staff-api';

const transitionsSchema = v.object({ results: v.array(staffTransitionSchema) });

export function TransitionsList() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const transitions = useQuery({
    queryKey: staffKeys.transitions(q),
    queryFn: ({ signal }) => apiFetch(`/staff/api/transitions${q ? `?q=${encodeURIComponent(q)}` : ''}`, { schema: transitionsSchema, signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="page staff-page">
      <h1>Monthly Transitions</h1>
      <form className="staff-filters" role="search" onSubmit={(event) => { event.preventDefault(); setQ(typed.trim()); }}>
        <label>
          Search
          <input type="search" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder="Access card, name, email, phone, garage or plate" />
        </label>
        <button type="submit" className="button">Search</button>
      </form>
      {transitions.isError && <p className="form-error" role="alert">{getErrorMessage(transitions.error)}</p>}
      {transitions.data && (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <thead>
              <tr><th>Garage</th><th>Access card</th><th>Customer</th><th>Email</th><th>Phone</th><th>Plate</th><th>Contract</th><th>Moved</th></tr>
            </thead>
            <tbody>
              {transitions.data.results.map((row) => (
                <tr key={row.transitionId}>
                  <td>{row.locationNumber} · {row.address1}</td>
                  <td>{row.accessCardNumber}</td>
                  <td>{row.fullName}</td>
                  <td>{row.email}</td>
                  <td>{row.phoneNumber}</td>
                  <td>{row.vehicleLicensePlate}</td>
                  <td>{row.monthlyContractId}</td>
                  <td>{new Date(row.createdAt).toLocaleString('en-US', { timeZone: 'America/New_York', dateStyle: 'medium', timeStyle: 'short' })}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {transitions.data.results.length === 0 && <p>No transitions{q ? ` match “${q}”` : ' yet'}.</p>}
        </div>
      )}
    </section>
  );
}
