-- Monthly contracts (spec 2 §3 "Monthly contract", §4 "Monthly contracts", §6): the billing side of a
-- monthly parking subscription, served by server/monthly-contracts under /payments/api. A customer
-- with at least one contract is a ticket-system user (routed to monthly reservations after sign-in).
--
-- monthly_reservations holds what a contract bills for (spec 2 §3 "Monthly reservation": garage,
-- accepted rate, contact and registration form). Only the fields a contract shows live here; the
-- reservations service (POST/PUT /reservations/api/monthly-reservations, not built yet) creates and
-- edits these rows and may add its own columns in its own migration.
create table monthly_reservations (
  monthly_reservation_id integer generated always as identity primary key,
  customer_id integer not null references customers (customer_id),
  location_id integer not null references locations (location_id),
  monthly_rate_id integer references monthly_rates (monthly_rate_id),
  monthly_rate_instance_id uuid references monthly_rate_instances (monthly_rate_instance_id),
  full_name text not null,
  email text,
  phone_number text,
  -- The registration form (spec 2 §3 monthly reservation form), as the contract's schema wrote it.
  form jsonb,
  created_at timestamptz not null
);
create index monthly_reservations_by_customer on monthly_reservations (customer_id);

-- One contract per monthly reservation. Amounts are integer cents (USD), the monthly fee with tax.
-- Suspension and cancellation are instants (null = not suspended / not cancelled); overdue state
-- (amountDue, periodsDue, isContractDue) is derived from the periods, never stored.
create table monthly_contracts (
  monthly_contract_id integer generated always as identity primary key,
  monthly_reservation_id integer not null unique references monthly_reservations (monthly_reservation_id),
  customer_id integer not null references customers (customer_id),
  customer_payment_method_id integer references customer_payment_methods (customer_payment_method_id),
  amount_cents integer not null check (amount_cents > 0),
  start_utc timestamptz not null,
  end_utc timestamptz,
  suspended_at timestamptz,
  resume_utc timestamptz,
  resume_requested boolean not null default false,
  cancelled_at timestamptz,
  -- Blocked by the operator (lost card, dispute); an unpaid period blocks the card as well.
  is_blocked boolean not null default false,
  created_at timestamptz not null,
  check (end_utc is null or end_utc > start_utc)
);
create index monthly_contracts_by_customer on monthly_contracts (customer_id);

-- A billed month: from the 1st (New York) to the next 1st. payment_id is the card payment that paid it.
create table monthly_contract_periods (
  monthly_contract_period_id integer generated always as identity primary key,
  monthly_contract_id integer not null references monthly_contracts (monthly_contract_id),
  start_utc timestamptz not null,
  end_utc timestamptz not null check (end_utc > start_utc),
  amount_cents integer not null check (amount_cents >= 0),
  payment_id integer references payments (payment_id),
  paid_at timestamptz,
  unique (monthly_contract_id, start_utc)
);
