/**
 * /reserve/daily, the older daily reservation page (spec 2 §2): with no garage in the URL, the
 * driver picks one, then reserves on /reserve/daily/{locationSlug}. A `locationId` in the query
 * goes straight there.
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../lib/errors';
import { garagesQueryOptions } from './reservations-api';
import './reservations.css';

export function GaragePicker({ locationId }: { locationId: number | undefined }) {
  const garages = useQuery(garagesQueryOptions);
  const navigate = useNavigate();
  const id = useId();
  const [slug, setSlug] = useState('');
  const preset = garages.data?.find((garage) => garage.locationId === locationId);
  useEffect(() => {
    if (preset) void navigate({ to: '/reserve/daily/$locationSlug', params: { locationSlug: preset.seoUrl }, replace: true });
  }, [preset, navigate]);
  if (garages.isPending) return <p className="reserve-skeleton" role="status">Loading...</p>;
  if (garages.isError) return <p className="notice notice--alert" role="alert">{getErrorMessage(garages.error)}</p>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (slug) void navigate({ to: '/reserve/daily/$locationSlug', params: { locationSlug: slug } });
  };
  const sorted = [...garages.data].sort((a, b) => a.address1.localeCompare(b.address1));
  return (
    <form className="reserve-page" onSubmit={submit}>
      <label htmlFor={`${id}-garage`}>Garage</label>
      <select id={`${id}-garage`} value={slug} onChange={(event) => setSlug(event.target.value)} required>
        <option value="">Choose a garage</option>
        {sorted.map((garage) => (
          <option key={garage.locationId} value={garage.seoUrl}>{garage.address1}, {garage.city}</option>
        ))}
      </select>
      <button type="submit" className="button reserve-submit" disabled={!slug}>Continue</button>
    </form>
  );
}
