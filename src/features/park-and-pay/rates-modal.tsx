/** The rates modal with the location's real rate board (the original showed fixed sample rates). */
import { useQuery } from '@tanstack/react-query';
import { ParkDialog } from './park-dialog';
import { rateBoardQueryOptions } from '../../lib/rate-board-api';

export function RatesModal({ locationId, onClose }: { locationId: number; onClose: () => void }) {
  const board = useQuery(rateBoardQueryOptions(locationId));
  return (
    <ParkDialog title="Rates" onClose={onClose} actions={<button type="button" className="button" onClick={onClose}>Close</button>}>
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
                  <td>{line.text}</td>
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
