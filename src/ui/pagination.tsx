/**
 * The pagination widget (spec 2 §3: 20 per page, three page numbers either side of the current
 * one): Previous, the page numbers (the first and last behind a gap when far), Next. Buttons, as
 * the page is the list's own state; the current page is `aria-current="page"`. Hidden when all
 * entries fit on one page. Numbers are shown one-based, pages are zero-based as in the API.
 */
import { pageCountOf, pageWindow } from './page-window';
import './pagination.css';

type Props = {
  /** Zero-based. */
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** What the pages are of, for the navigation's name: "Receipt pages". */
  label: string;
};

export function Pagination({ page, total, pageSize, onPage, label }: Props) {
  const count = pageCountOf(total, pageSize);
  if (count <= 1) return null;
  const at = Math.min(page, count - 1);
  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination__list">
        <li>
          <button type="button" className="pagination__button" aria-label="Previous page" disabled={at === 0} onClick={() => onPage(at - 1)}>‹</button>
        </li>
        {pageWindow(at, count).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} className="pagination__gap" aria-hidden="true">…</li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className="pagination__button"
                aria-label={`Page ${item.page + 1}`}
                aria-current={item.page === at ? 'page' : undefined}
                onClick={() => item.page !== at && onPage(item.page)}
              >
                {item.page + 1}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" className="pagination__button" aria-label="Next page" disabled={at + 1 >= count} onClick={() => onPage(at + 1)}>›</button>
        </li>
      </ul>
    </nav>
  );
}
