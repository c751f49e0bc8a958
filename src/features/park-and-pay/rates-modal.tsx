/** The rates modal with the location's real rate board (the original showed fixed sample rates). */
import { useQuery } from '@tanstack/react-query';
import type { RateBoard } from '../../contract/rates';
import { ParkDialog } from './park-dialog';
import { rateBoardQueryOptions } from '../../lib/rate-board-api';

type BoardLine = RateBoard['sections'][number]['lines'][number];

/**
 * A board line's `text` is the whole line as posted ("Up to 1 hour $22.00"); the table shows the
 * label in its own column, so the price column takes what follows the label, once.
 */
export const linePrice = (line: BoardLine): string => (line.text.startsWith(line.label) ? line.text.slice(line.label.length).trim() : line.text);

export function RatesModal({ locationId, onClose }: { locationId: number; onClose: () => void }) {
  const board = useQuery(rateBoardQueryOptions(locationId));
  return (
    <ParkDialog title="Rates" onClose={onClose} isClosedByAction actions={<button type="button" className="button" onClick={onClose}>Close</button>}>
      {board.isPending && <p role="status">Loading rates...</p>}
      {board.isError && <p role="alert">Rates are not available right now.</p>}
      {board.data?.sections.map((section) => (
        <section key={section.title} className="park-rates__section">
          <h3>{section.title}</h3>
          <table className="park-rates__table">
            <tbody>
              {section.lines.map((line) => (
                <tr key={`${line.label}-${line.text}`}>
                  <th scope="row">{line.label}</th>
                  <td>{linePrice(line)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {section.notes.map((note) => (
            <p key={note} className="park-rates__note">{note}</p>
          ))}
        </section>
      ))}
    </ParkDialog>
  );
}
