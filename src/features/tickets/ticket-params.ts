/** Route params of the ticket screens, parsed with the shared rule; a bad one becomes '' (→ entry / error). */
import * as v from 'valibot';
import { reservationNumberSchema, ticketNumberSchema } from '../../contract/tickets';

export const parseTicketParam = (value: string | undefined): string => v.parse(v.fallback(ticketNumberSchema, ''), value ?? '');
export const parseReservationParam = (value: string): string => v.parse(v.fallback(reservationNumberSchema, ''), value);
