/**
 * The ticket service calls of spec 3 §7, one function each, with the query options of the session
 * read. `/auth` is appended when the driver is signed in (spec 3 §6). Every call answers the
 * retrieve-car session, parsed with the shared contract.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  aggregatorReservationSchema, PARKING_AGGREGATOR_TYPE, retrieveCarSessionSchema, type RetrieveCarSession,
} from '../../contract/tickets';
import { apiFetch } from '../../lib/api-client';
import { CLIENT_VERSION } from '../../lib/client-version';
import { session } from '../../lib/session';

const base = (ticketNumber: string) => `/tickets/api/tickets/${encodeURIComponent(ticketNumber)}`;
const authSuffix = (): string => (session.getState().status === 'signed-in' ? '/auth' : '');
const callBody = { minutes: 0, gatewayClientVersion: CLIENT_VERSION, parkingAggregatorType: PARKING_AGGREGATOR_TYPE };

const post = (path: string, json: unknown = {}): Promise<RetrieveCarSession> =>
  apiFetch(`${path}${authSuffix()}`, { method: 'POST', json, schema: retrieveCarSessionSchema });

export const ticketQueryKeys = {
  all: ['tickets'] as const,
  session: (ticketNumber: string) => ['tickets', 'session', ticketNumber] as const,
};

export const calculateRate = (ticketNumber: string) => post(`${base(ticketNumber)}/calculate-rate`, callBody);
/** calculate-rate with the plate the driver entered: the answer says whether it is the car on the ticket. */
export const checkPlate = (ticketNumber: string, licensePlate: string) => post(`${base(ticketNumber)}/calculate-rate`, { ...callBody, licensePlate });
/** The driver goes on with a plate that matched no car: minimum rate with an audit review (spec 3 §4). */
export const confirmPlate = (ticketNumber: string, licensePlate: string) => post(`${base(ticketNumber)}/confirm-plate`, { licensePlate });
export const callCar = (ticketNumber: string) => post(`${base(ticketNumber)}/call-car`, callBody);
export const callCarAndGetRate = (ticketNumber: string) => post(`${base(ticketNumber)}/call-car-and-get-rate`, callBody);
export const reportArrival = (ticketNumber: string) => post(`${base(ticketNumber)}/report-arrival`, callBody);

export const calculateAggregatorPayment = (ticketNumber: string, reservationNumber: string) =>
  post(`${base(ticketNumber)}/calculate-aggregator-payment`, { reservationNumber });
export const applyAggregatorPayment = (ticketNumber: string, reservationNumber: string) =>
  post(`${base(ticketNumber)}/apply-aggregator-payment`, { reservationNumber });
/** Settles a ticket with nothing left to pay (a coupon covering it all), with the coupon code if any. */
export const applyPayment = (ticketNumber: string, code?: string | null) => post(`${base(ticketNumber)}/apply-payment`, { code: code ?? null });

const coupon = (ticketNumber: string, code: string) => `${base(ticketNumber)}/coupons/${encodeURIComponent(code)}`;
export const calculateCouponRate = (ticketNumber: string, code: string) => post(`${coupon(ticketNumber, code)}/calculate-rate`);
export const redeemCoupon = (ticketNumber: string, code: string) => post(`${coupon(ticketNumber, code)}/redeem`);
export const applyCoupon = (ticketNumber: string, code: string) => post(coupon(ticketNumber, code));
export const removeCoupon = (ticketNumber: string, code: string) =>
  apiFetch(`${coupon(ticketNumber, code)}${authSuffix()}`, { method: 'DELETE', schema: retrieveCarSessionSchema });

/**
 * The session as priced now (calculate-rate): the read every ticket screen starts from. Offline it
 * fails at once (networkMode 'always') so the screen shows the Network Problem alert instead of
 * waiting paused: a price must never be shown from an old cache.
 */
export const ticketSessionQueryOptions = (ticketNumber: string) =>
  queryOptions({
    queryKey: ticketQueryKeys.session(ticketNumber),
    queryFn: () => calculateRate(ticketNumber),
    staleTime: 15_000,
    retry: false,
    networkMode: 'always',
  });

/** GET /tickets/api/aggregator-reservations/{provider}/{reservationNumber}. */
export const findAggregatorReservation = (provider: string, reservationNumber: string) =>
  apiFetch(`/tickets/api/aggregator-reservations/${encodeURIComponent(provider)}/${encodeURIComponent(reservationNumber)}`, { schema: aggregatorReservationSchema });
