/**
 * A priced thing as the driver reads it (decision 0110): each line, then the total, which is the
 * sum of exactly those lines. Every screen that shows money renders it, so a line cannot be
 * shown beside a total it is not part of.
 */
import { Fragment } from 'react';
import { formatCents, type PricedLines } from '../contract/priced-lines';

export function PricedLinesList({
  priced,
  totalLabel,
  className,
  totalTestId,
  format = formatCents,
  testId,
}: {
  priced: PricedLines;
  totalLabel: string;
  /** The list's class; the total row gets `<className>__total`. */
  className: string;
  totalTestId?: string;
  format?: (cents: number) => string;
  testId?: string;
}) {
  return (
    <dl className={className} data-testid={testId} data-priced-lines="">
      {priced.lines.map((line, index) => (
        <Fragment key={`${line.kind}-${index}`}>
          <dt>{line.label}</dt>
          <dd data-priced-line={line.kind}>{format(line.amountCents)}</dd>
        </Fragment>
      ))}
      {/* <strong>: the total reads as the total on lists whose stylesheet has no `__total` rule. */}
      <dt className={`${className}__total`}><strong>{totalLabel}</strong></dt>
      <dd className={`${className}__total`} data-testid={totalTestId} data-priced-total="">
        <strong>{format(priced.totalCents)}</strong>
      </dd>
    </dl>
  );
}
