-- Customer claims (spec 3 §3 "Claim", §5 "Claim form"), filed anonymously from /incidentreport and
-- worked by staff (server/claims). Column names follow the spec's fields. Claims are never deleted:
-- a claims desk keeps them, and each status change is a row in claim_status_changes.
create table claims (
  claim_id integer generated always as identity primary key,
  -- The client's draft id (Idempotency-Key): a draft sent again after a lost answer is one claim.
  submission_id text not null unique,
  location_id integer not null references locations (location_id),
  claim_number text not null,            -- without the leading E (spec 3 §7)
  incident_date date not null,
  report_date date not null,
  first_name text not null,
  last_name text not null,
  primary_phone text, alternate_phone text, business_phone text, email_address text,
  street text, city text, state text, zip_code text,
  vehicle_vin text, vehicle_state text, vehicle_make text, vehicle_model text, vehicle_year text,
  vehicle_color text, vehicle_mileage text, vehicle_plate text,
  car_brought_in timestamptz not null,
  parked_by text,
  car_called_for timestamptz not null,
  delivered_by text,
  nature_of_claim text, loss_details text, accident_description text,
  attendant_possesed_keys boolean not null,
  is_damage_photographed boolean not null,
  insurance_company_name text, policy_number text, policy_expiration_date date,
  liability boolean not null, comprehensive boolean not null, collision boolean not null,
  status text not null default 'received' check (status in ('received', 'in-review', 'closed')),
  created_at timestamptz not null
);
create index claims_by_created on claims (created_at desc);

-- Photos of a claim: the original as uploaded (type checked by content) and a resized JPEG for
-- staff viewing, both in the object store under these keys.
create table claim_photos (
  claim_photo_id integer generated always as identity primary key,
  claim_id integer not null references claims (claim_id),
  position integer not null check (position between 1 and 5),
  content_type text not null,
  byte_size integer not null,
  original_key text not null,
  viewing_key text not null,
  width integer not null,
  height integer not null,
  unique (claim_id, position)
);

create table claim_status_changes (
  claim_status_change_id integer generated always as identity primary key,
  claim_id integer not null references claims (claim_id),
  from_status text not null,
  to_status text not null,
  changed_by text not null,              -- the staff member's email (or uid)
  note text,
  is_customer_mailed boolean not null,   -- false when the claim has no email address
  changed_at timestamptz not null
);
create index claim_status_changes_by_claim on claim_status_changes (claim_id);
