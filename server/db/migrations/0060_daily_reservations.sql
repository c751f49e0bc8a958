-- Daily reservations (spec 2 §3 "Reservation", §7 /reservations/api/reservations) and refunds.
--
-- A reservation refers to the rate instance the driver was shown (rate_instances, 0010) and is
-- priced from it on the server. It is created 'pending' on the first payment attempt; the same
-- customer asking again for the same quote gets the same pending row back (the partial unique
-- index), so double clicks, reloads and retries meet one reservation, and the payments module's
-- one-open-payment-per-payable rule ("reservation:<id>") makes that one charge.
-- Once paid (or free) it is 'confirmed' and gets its row in aggregator_reservations (provider
-- 'ParkFair'): the gate redeems ParkFair reservations through the same lookup as SpotHero's.
create table daily_reservations (
  reservation_id integer generated always as identity primary key,
  owner_uid text not null,
  rate_instance_id uuid not null references rate_instances (rate_instance_id),
  location_id integer not null references locations (location_id),
  is_oversized boolean not null,
  confirmation_number text not null unique check (confirmation_number ~ '^PF-[0-9]{4}-[A-Z0-9]{4}$'),
  amount_cents integer not null check (amount_cents >= 0),
  status text not null check (status in ('pending', 'confirmed', 'cancelled')),
  payment_id integer references payments (payment_id),
  aggregator_reservation_id integer unique references aggregator_reservations (reservation_id) on delete set null,
  created_at timestamptz not null,
  confirmed_at timestamptz,
  cancelled_at timestamptz,
  -- Set when the confirmation mail is handed to the mailer (a compare-and-set: sent once).
  confirmation_mailed_at timestamptz
);
create unique index daily_reservations_one_pending_per_quote
  on daily_reservations (owner_uid, rate_instance_id, is_oversized) where status = 'pending';
create index daily_reservations_by_owner on daily_reservations (owner_uid, status);
create index daily_reservations_by_location on daily_reservations (location_id) where status = 'confirmed';

-- A refund of a succeeded payment (a cancelled reservation). Full refunds only: one per payment.
-- The row is written before the processor is asked (status 'pending'), so a refund cut off by a
-- crash is re-driven with the same processor idempotency key and never paid twice.
create table payment_refunds (
  refund_id integer generated always as identity primary key,
  payment_id integer not null unique references payments (payment_id),
  owner_uid text not null,
  amount_cents integer not null check (amount_cents > 0),
  reason text not null,
  status text not null check (status in ('pending', 'succeeded', 'failed')),
  provider_refund_id text unique,
  failure_message text,
  created_at timestamptz not null,
  succeeded_at timestamptz
);
create index payment_refunds_by_owner on payment_refunds (owner_uid, created_at desc);

-- The built-in test processor's refunds (what Stripe would hold).
create table test_processor_refunds (
  refund_id text primary key,
  intent_id text not null references test_processor_intents (intent_id),
  amount_cents integer not null check (amount_cents > 0),
  idempotency_key text not null unique,
  created_at timestamptz not null
);
