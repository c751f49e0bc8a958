-- The garage revenue-control system (server/parking-system) and the ticket service (server/tickets).
--
-- A garage ticket is one stay of one vehicle at one garage: opened by an entry event (gate ticket,
-- plate read, or a converted provisional pass), priced by the rate engine from entry to "now" while
-- it is open, paid (amount_paid_cents, paid_at) and closed by an exit event. A plate is on a lot at
-- most once: one ticket per plate per garage that has not exited. customer_uid is the Firebase uid
-- of the customer who claimed the ticket (park-and-pay activation, pass conversion, payment); a
-- paper ticket nobody claimed has none and is a bearer ticket. Amounts are integer cents (USD).

create table aggregator_reservations (
  reservation_id integer generated always as identity primary key,
  provider text not null check (provider in ('ParkFair', 'SpotHero', 'ParkWhiz')),
  -- Unique across providers: redeeming a ticket names only the number (spec 3 §7 body).
  reservation_number text not null unique check (reservation_number ~ '^[A-Z0-9-]{4,24}$'),
  location_id integer not null references locations (location_id),
  check_in_utc timestamptz not null,
  check_out_utc timestamptz not null check (check_out_utc > check_in_utc),
  rate_cents integer not null check (rate_cents >= 0),
  customer_name text not null,
  created_at timestamptz not null
);

create table garage_tickets (
  ticket_id integer generated always as identity primary key,
  ticket_number text not null unique check (ticket_number ~ '^([0-9]{23}|[A-Z0-9]{6,7})$'),
  location_id integer not null references locations (location_id),
  license_plate text check (license_plate ~ '^[A-Z0-9]{1,10}$'),
  entry_time_utc timestamptz not null,
  exit_time_utc timestamptz,
  status text not null default 'open' check (status in ('open', 'paid', 'exited')),
  is_monthly boolean not null default false,
  customer_uid text,
  amount_paid_cents integer not null default 0 check (amount_paid_cents >= 0),
  paid_at timestamptz,
  promotion_code text references promotions (promotion_code),
  -- A redeemed aggregator reservation; one reservation pays for one ticket only.
  reservation_id integer unique references aggregator_reservations (reservation_id),
  user_arrived_at timestamptz,
  -- When the ticket service's apply-payment settled the ticket: a second apply-payment is refused.
  payment_applied_at timestamptz,
  created_at timestamptz not null,
  check ((status = 'exited') = (exit_time_utc is not null)),
  check (exit_time_utc is null or exit_time_utc >= entry_time_utc)
);

create unique index garage_tickets_one_per_plate_on_lot
  on garage_tickets (location_id, license_plate) where status <> 'exited' and license_plate is not null;
create index garage_tickets_by_plate on garage_tickets (license_plate) where status <> 'exited';
create index garage_tickets_by_customer on garage_tickets (customer_uid) where status <> 'exited';

-- What happened to a ticket, in order: the garage's audit trail. payment_id makes recording a
-- card payment idempotent (the payments hook may run twice).
create table ticket_events (
  event_id integer generated always as identity primary key,
  ticket_id integer not null references garage_tickets (ticket_id),
  kind text not null check (kind in ('entry', 'exit', 'payment', 'validation', 'call-car', 'arrival', 'coupon', 'reservation')),
  occurred_at timestamptz not null,
  amount_cents integer,
  payment_id integer unique,
  details jsonb not null default '{}'
);
create index ticket_events_by_ticket on ticket_events (ticket_id, event_id);

-- A pass the gate issues to a known customer (a monthly badge, an app check-in) before any
-- vehicle is named; converting it with a vehicle opens the ticket with the pass number.
create table provisional_passes (
  pass_id integer generated always as identity primary key,
  pass_number text not null unique check (pass_number ~ '^[A-Z0-9]{6,7}$'),
  customer_uid text not null,
  location_id integer not null references locations (location_id),
  entry_time_utc timestamptz not null,
  converted_ticket_id integer references garage_tickets (ticket_id),
  converted_at timestamptz
);
create index provisional_passes_by_customer on provisional_passes (customer_uid) where converted_ticket_id is null;

-- The attendant's queue: cars called for retrieval and not yet delivered.
create table car_calls (
  call_id integer generated always as identity primary key,
  ticket_id integer not null references garage_tickets (ticket_id),
  location_id integer not null references locations (location_id),
  called_at timestamptz not null,
  delivered_at timestamptz
);
create unique index car_calls_one_waiting_per_ticket on car_calls (ticket_id) where delivered_at is null;
create index car_calls_waiting_by_location on car_calls (location_id, called_at) where delivered_at is null;
