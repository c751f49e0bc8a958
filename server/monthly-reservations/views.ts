/** Rows → the spec's Monthly reservation, Monthly application and Monthly ticket (spec 2 §3). */
import * as v from 'valibot';
import { type MonthlyApplication, monthlyFormBodySchema, type MonthlyReservation, type MonthlyTicket } from '../../src/contract/monthly-reservations.ts';
import type { ReservationRow } from './queries.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

export function toMonthlyReservation(row: ReservationRow): MonthlyReservation {
  const form = v.safeParse(monthlyFormBodySchema, row.form);
  return {
    monthlyReservationId: row.monthly_reservation_id,
    locationId: row.location_id,
    phoneNumber: row.phone_number,
    email: row.email,
    fullName: row.full_name,
    isPaid: row.first_paid,
    isContractBlocked: row.is_blocked,
    monthlyRateInstanceId: row.monthly_rate_instance_id,
    createdUtc: iso(row.created_at),
    form: form.success ? form.output : null,
    monthlyContractId: row.monthly_contract_id,
  };
}

export type ApplicationRow = {
  monthly_application_id: number;
  monthly_reservation_id: number;
  location_id: number;
  full_name: string;
  email: string | null;
  phone_number: string | null;
  check_in_date: string;
  status: MonthlyApplication['status'];
  notes: string | null;
  created_at: Date;
};

export function toMonthlyApplication(row: ApplicationRow): MonthlyApplication {
  return {
    monthlyApplicationId: row.monthly_application_id,
    monthlyReservationId: row.monthly_reservation_id,
    locationId: row.location_id,
    fullName: row.full_name,
    email: row.email,
    phoneNumber: row.phone_number,
    checkInDate: row.check_in_date,
    status: row.status,
    notes: row.notes,
    createdUtc: iso(row.created_at),
  };
}

export type TicketRow = {
  monthly_ticket_id: number;
  ski_data_ticket_number: string;
  monthly_barcode: string;
  location_id: number;
  ski_data_article: string;
  monthly_rate_group: string;
  monthly_reservation_id: number;
  check_in_utc: Date;
  ski_data_user_id: string;
  is_blocked: boolean;
  license_plate: string | null;
  license_state: string | null;
  location_address: string;
  location_number: string;
};

export function toMonthlyTicket(row: TicketRow): MonthlyTicket {
  return {
    monthlyTicketId: row.monthly_ticket_id,
    skiDataTicketNumber: row.ski_data_ticket_number,
    monthlyBarcode: row.monthly_barcode,
    locationId: row.location_id,
    skiDataArticle: row.ski_data_article,
    monthlyRateGroup: row.monthly_rate_group,
    monthlyReservationId: row.monthly_reservation_id,
    checkInDateUtc: iso(row.check_in_utc),
    skiDataUserId: row.ski_data_user_id,
    isActive: !row.is_blocked,
    licensePlate: row.license_plate,
    licenseState: row.license_state,
    locationAddress: row.location_address,
    locationNumber: row.location_number,
  };
}
