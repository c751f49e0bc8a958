-- Rates service (server/rates): rate cards, events and their rates, rate instances, monthly
-- rates and their instances, and promotions (coupon codes). Money columns are dollars with
-- cents (numeric(10,2)); rate cards are JSONB in cents, read through server/rates/rate-card.ts.

-- One posted rate board per garage (see rate-card.ts for the shape).
create table rate_cards (
  location_id integer primary key references locations (location_id),
  card jsonb not null
);

-- Events at venues near our garages (spec 1 §3 "Event"); garages near a venue post an event rate.
create table events (
  event_id serial primary key,
  event_name text not null,
  venue_name text not null,
  start_time_utc timestamptz not null,
  end_time_utc timestamptz not null check (end_time_utc > start_time_utc),
  latitude double precision not null,
  longitude double precision not null,
  event_details text not null
);
create index events_start on events (start_time_utc);

create table event_rates (
  event_rate_id serial primary key,
  event_id integer not null references events (event_id),
  location_id integer not null references locations (location_id),
  price numeric(10, 2) not null check (price >= 0),
  unique (event_id, location_id)
);
create index event_rates_location on event_rates (location_id);

-- A priced stay, kept so a reservation can refer to exactly what the driver was shown. The id
-- is derived from the content (server/rates/rate-instance-id.ts), so the same quote computed
-- twice, by any process, is one row. Rows are never updated or deleted.
create table rate_instances (
  rate_instance_id uuid primary key,
  location_id integer not null references locations (location_id),
  rate_id integer not null,
  entry_time_utc timestamptz not null,
  exit_time_utc timestamptz not null,
  rate_duration integer not null,
  price numeric(10, 2) not null,
  tax numeric(10, 2) not null,
  rate_with_tax numeric(10, 2) not null,
  service_fee_amount numeric(10, 2) not null,
  oversize_rate numeric(10, 2) not null,
  oversize_surcharge numeric(10, 2) not null,
  oversized_service_fee_amount numeric(10, 2) not null,
  no_oversized boolean not null,
  rate_message text not null,
  time_description text not null,
  is_event_rate boolean not null,
  event_id integer references events (event_id),
  applied_promotion_code text,
  discount_amount numeric(10, 2) not null default 0,
  created_at timestamptz not null default now()
);

-- Monthly rates a garage posts, by group; active from one date until another (null = open).
create table monthly_rates (
  monthly_rate_id serial primary key,
  location_id integer not null references locations (location_id),
  group_name text not null check (group_name in ('Regular', 'Oversize', 'Motorcycle', 'Business')),
  description text not null,
  rate numeric(10, 2) not null check (rate > 0),
  oversize_rate numeric(10, 2) not null check (oversize_rate >= 0), -- 0: no oversized vehicles
  service_fee numeric(10, 2) not null,
  exit_fee numeric(10, 2) not null,
  rate_code text not null,
  length_of_initial_term integer not null,
  restrictions text not null,
  rate_availability_time_description text not null,
  use_as_default boolean not null,
  active_from date not null,
  active_until date, -- exclusive
  check (active_until is null or active_until > active_from)
);
create index monthly_rates_location on monthly_rates (location_id);

-- A monthly calculation the customer accepted; POST /reservations/api/monthly-reservations refers to it.
create table monthly_rate_instances (
  monthly_rate_instance_id uuid primary key,
  monthly_rate_id integer not null references monthly_rates (monthly_rate_id),
  location_id integer not null references locations (location_id),
  check_in_date date not null,
  applied_promotion_code text,
  applied_pro_rate_value_with_tax numeric(10, 2) not null,
  applied_rate_value_with_tax numeric(10, 2) not null,
  applied_service_fee_amount_with_tax numeric(10, 2) not null,
  exit_fee numeric(10, 2) not null,
  is_pro_rated boolean not null,
  calculation jsonb not null, -- the full response, as shown to the customer
  created_at timestamptz not null default now()
);

-- Coupon codes (normalised: upper case, letters and digits). discount_value is a percent for
-- PERCENT and dollars for FIXED. location_ids null = every garage.
create table promotions (
  promotion_code text primary key check (promotion_code ~ '^[A-Z0-9]{1,40}$'),
  promotion_name text not null,
  promotion_description text not null,
  legal text not null,
  applies_to text not null check (applies_to in ('DAILY', 'MONTHLY')),
  discount_type text not null check (discount_type in ('PERCENT', 'FIXED')),
  discount_value numeric(10, 3) not null check (discount_value > 0),
  valid_from timestamptz not null,
  valid_until timestamptz not null check (valid_until > valid_from),
  location_ids integer[]
);
