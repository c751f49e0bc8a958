-- Customer vehicles (spec 2 §3 Vehicle). Rows belong to the Firebase uid of the caller
-- (owner_uid), not to a customers row, so vehicles work before any profile exists.
-- Removing a vehicle marks it removed_at instead of deleting it: tickets, passes and receipts may
-- still name it. A customer cannot hold the same plate twice in one state and country while the
-- first one is active.
create table vehicles (
  vehicle_id integer generated always as identity primary key,
  owner_uid text not null,
  license_plate text not null check (license_plate ~ '^[A-Z0-9]{1,10}$'),
  original_license_plate text not null,
  vehicle_type_id integer not null check (vehicle_type_id between 1 and 6),  -- VEHICLE_TYPES in src/contract/vehicles.ts
  make text not null,
  model text not null,
  country text not null,
  state text not null,
  color text not null,
  year integer not null,
  nickname text,
  removal_date date,               -- rentals only: the last day the vehicle is on the account
  is_oversized boolean not null default false,
  is_temporary boolean not null default false,
  is_ticketed boolean not null default false,   -- set by the garage system while a ticket is open
  created_at timestamptz not null,
  updated_at timestamptz not null,
  removed_at timestamptz,
  check (is_temporary or removal_date is null)
);

create unique index vehicles_one_active_plate_per_owner
  on vehicles (owner_uid, license_plate, lower(country), lower(state)) where removed_at is null;
create index vehicles_by_owner on vehicles (owner_uid) where removed_at is null;
-- The garage system looks cars up by plate.
create index vehicles_by_plate on vehicles (license_plate) where removed_at is null;
