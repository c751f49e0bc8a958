/**
 * /promoredirect/{qrCode} (spec 2 §2 promo-redirect): asks the server for the promotions address
 * (configured there, with the customer id as lookupid) and leaves for it. The server builds the
 * address from its configuration only; an answer that is not an http(s) address is refused here.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import * as v from 'valibot';
import { apiFetch } from '../../lib/api-client';
import { getErrorMessage } from '../../lib/errors';

const redirectSchema = v.object({ url: v.pipe(v.string(), v.url(), v.check((url) => /^https?:$/.test(new URL(url).protocol))) });

export function PromoRedirect({ qrCode }: { qrCode: string }) {
  const target = useQuery({
    queryKey: ['promo-redirect', qrCode],
    queryFn: ({ signal }) => apiFetch(`/promo-redirect/api/${encodeURIComponent(qrCode)}`, { schema: redirectSchema, signal }),
    retry: false,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (target.data) window.location.replace(target.data.url);
  }, [target.data]);
  if (target.isError) return <p className="notice notice--alert" role="alert">{getErrorMessage(target.error)}</p>;
  return <p role="status">Taking you to our promotions...</p>;
}
