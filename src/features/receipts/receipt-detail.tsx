/** One receipt (spec 2 §2 /my-account/receipts/{id}): what was paid for, the card, the amount and any refund. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ApiError, getErrorMessage } from '../../lib/errors';
import { newYorkDay, newYorkTime } from '../../lib/new-york-time';
import { cardText, formatAmount } from './money';
import { receiptQueryOptions } from './receipts-api';
import './receipts.css';

export function ReceiptDetail({ paymentId }: { paymentId: number }) {
  const receipt = useQuery(receiptQueryOptions(paymentId));
  if (receipt.isPending) return <p className="receipts__skeleton" role="status" aria-label="Loading receipt" />;
  if (receipt.isError) {
    const isMissing = receipt.error instanceof ApiError && receipt.error.status === 404;
    return (
      <div role="alert">
        <p className="notice notice--alert">{isMissing ? 'This receipt was not found.' : getErrorMessage(receipt.error)}</p>
        {!isMissing && <button type="button" className="button button--secondary" onClick={() => void receipt.refetch()}>Try again</button>}
      </div>
    );
  }
  const data = receipt.data;
  const paid = Date.parse(data.paidUtc);
  const reservationId = data.kind === 'reservation' ? data.systemEntityId.split(':')[1] : undefined;
  return (
    <div className="receipts">
      <dl className="receipt-detail" data-testid="receipt-detail">
        <dt>Paid</dt><dd>{newYorkDay(paid)}, {newYorkTime(paid)}</dd>
        <dt>For</dt><dd>{data.description}</dd>
        {data.lines.map((line) => <div key={line.label} style={{ display: 'contents' }}><dt>{line.label}</dt><dd>{line.value}</dd></div>)}
        {cardText(data.paymentMethodName, data.paymentMethodLast4) && <><dt>Card</dt><dd>{cardText(data.paymentMethodName, data.paymentMethodLast4)}</dd></>}
        <dt>Amount</dt><dd>{formatAmount(data.amount)}</dd>
        {data.refunds.map((refund) => (
          <div key={refund.refundId} style={{ display: 'contents' }}>
            <dt>Refund ({refund.reason}){refund.status === 'pending' ? ', pending' : ''}</dt><dd data-testid="receipt-refund">-{formatAmount(refund.amount)}</dd>
          </div>
        ))}
      </dl>
      {reservationId && <Link to="/my-account/reservations/$reservationId" params={{ reservationId }}>View reservation</Link>}
      <Link to="/my-account/receipts">All receipts</Link>
    </div>
  );
}
