/** The priced ticket for a screen, plus a setter the actions use to store the session they got back. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RetrieveCarSession } from '../../contract/tickets';
import { ticketQueryKeys, ticketSessionQueryOptions } from './tickets-api';

export function useTicketSession(ticketNumber: string) {
  const queryClient = useQueryClient();
  const query = useQuery(ticketSessionQueryOptions(ticketNumber));
  const store = (ticket: RetrieveCarSession) => queryClient.setQueryData(ticketQueryKeys.session(ticketNumber), ticket);
  return { ...query, store };
}
