-- Monthly sign-up (server/monthly-reservations; spec 2 §4 "Monthly sign-up", §7).
--
-- A rate instance (the calculation the customer accepted) makes one reservation: the client
-- keeps the reservation id across retries, and a retried POST with the same instance meets this
-- index and gets the same reservation back, so one sign-up is one contract and one charge.
create unique index monthly_reservations_one_per_rate_instance on monthly_reservations (monthly_rate_instance_id);

-- Sign-ups at locations without ticket-system access: the office calls the customer back
-- (spec 2 §4 step 6: the reservation is created with no form data). One per reservation.
create table monthly_applications (
  monthly_application_id integer generated always as identity primary key,
  monthly_reservation_id integer not null unique references monthly_reservations (monthly_reservation_id),
  check_in_date date not null,
  status text not null default 'Received' check (status in ('Received', 'Contacted', 'Closed')),
  notes text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- The access card of a paid monthly reservation at a ticket-system location (spec 2 §3 "Monthly
-- ticket"): its barcode opens the gate while the contract is paid up and not suspended
-- (monthly_access_blocked, migration 0070). Issued once per reservation.
create table monthly_tickets (
  monthly_ticket_id integer generated always as identity primary key,
  monthly_reservation_id integer not null unique references monthly_reservations (monthly_reservation_id),
  ski_data_ticket_number text not null unique check (ski_data_ticket_number ~ '^[A-Z0-9]{7}$'),
  monthly_barcode text not null unique,
  location_id integer not null references locations (location_id),
  ski_data_article text not null,
  monthly_rate_group text not null,
  check_in_utc timestamptz not null,
  ski_data_user_id text not null,
  created_at timestamptz not null
);

-- Access-pass sessions (POST /accounts/api/customers/create-badge-session): which plate asked to
-- show which monthly barcode, and until when the pass may be shown offline.
create table monthly_badge_sessions (
  badge_session_id text primary key,
  customer_id integer not null references customers (customer_id),
  monthly_ticket_id integer not null references monthly_tickets (monthly_ticket_id),
  license_plate text not null,
  license_state text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
