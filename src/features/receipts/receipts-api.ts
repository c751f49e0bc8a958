/** Receipts (spec 2 §7 /reports/api/reports/payments-history): the paged list and one receipt. */
import { queryOptions } from '@tanstack/react-query';
import { receiptDetailSchema, receiptPageSchema } from '../../contract/reports';
import { apiFetch } from '../../lib/api-client';
import { USER_QUERY_ROOT } from '../../lib/query-client';
import { PAGE_SIZE } from '../../ui/page-window';

/** The pagination widget's 20 a page (spec 2 §3); the API's own default stays offset 0 and 10 (§9). */
export const RECEIPTS_PAGE_SIZE = PAGE_SIZE;

export const receiptListQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [USER_QUERY_ROOT, 'receipts', 'page', page],
    queryFn: ({ signal }) => apiFetch(`/reports/api/reports/payments-history/${page * RECEIPTS_PAGE_SIZE}/${RECEIPTS_PAGE_SIZE}`, { schema: receiptPageSchema, signal }),
  });

export const receiptQueryOptions = (paymentId: number) =>
  queryOptions({
    queryKey: [USER_QUERY_ROOT, 'receipts', 'one', paymentId],
    queryFn: ({ signal }) => apiFetch(`/reports/api/reports/payments-history/${paymentId}`, { schema: receiptDetailSchema, signal }),
  });
