/**
 * /my-account/receipts (spec 2 §2): every card payment — paper tickets, park-and-pay,
 * reservations — and every refund, newest first, 20 a page with the pagination widget; each links to its receipt.
 * Loading shows skeleton rows, an error offers Try again, no payments says so.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ReceiptEntry } from '../../contract/reports';
import { getErrorMessage } from '../../lib/errors';
import { newYorkDay } from '../../lib/new-york-time';
import { Pagination } from '../../ui/pagination';
import { cardText, formatAmount } from './money';
import { RECEIPTS_PAGE_SIZE, receiptListQueryOptions } from './receipts-api';
import './receipts.css';

const KIND_LABEL: Record<ReceiptEntry['kind'], string> = { ticket: 'Parking', reservation: 'Reservation', monthly: 'Monthly parking', other: 'Payment' };

export function ReceiptsList() {
  const [page, setPage] = useState(0);
  // The page shown stays while the next one loads, so the widget stays under the driver's thumb.
  const list = useQuery({ ...receiptListQueryOptions(page), placeholderData: keepPreviousData });
  if (list.isPending) {
    return (
      <ul className="receipts" aria-busy="true" aria-label="Loading receipts">
        {[0, 1, 2].map((row) => <li key={row} className="receipts__skeleton" />)}
      </ul>
    );
  }
  if (list.isError) {
    return (
      <div role="alert">
        <p className="notice notice--alert">{getErrorMessage(list.error)}</p>
        <button type="button" className="button button--secondary" onClick={() => void list.refetch()}>Try again</button>
      </div>
    );
  }
  const { results, totalElementCount } = list.data;
  if (results.length === 0 && page === 0) return <p>You have no receipts yet. Payments for parking and reservations will appear here.</p>;
  return (
    <>
      <ul className="receipts" data-testid="receipts" aria-busy={list.isPlaceholderData || undefined}>
        {results.map((entry) => (
          <li key={entry.receiptId} className="receipts__item">
            <Link to="/my-account/receipts/$systemEntityId" params={{ systemEntityId: String(entry.paymentId) }}>
              {entry.entryType === 'refund' ? 'Refund' : KIND_LABEL[entry.kind]} · {newYorkDay(Date.parse(entry.dateUtc))}
            </Link>
            <span className={entry.entryType === 'refund' ? 'receipts__amount receipts__amount--refund' : 'receipts__amount'}>{formatAmount(entry.amount)}</span>
            <span className="receipts__meta">{entry.description}{cardText(entry.paymentMethodName, entry.paymentMethodLast4) ? ` · ${cardText(entry.paymentMethodName, entry.paymentMethodLast4)}` : ''}</span>
          </li>
        ))}
      </ul>
      <Pagination page={page} total={totalElementCount} pageSize={RECEIPTS_PAGE_SIZE} onPage={setPage} label="Receipt pages" />
    </>
  );
}
