-- Customers: one row per Firebase Authentication user (uid), created on the first signed-in
-- accounts call from the ID token's claims. Firebase owns the credentials (phone, password);
-- this row holds what the app needs beside them (Customer details of spec 2 §3).
create table customers (
  customer_id integer generated always as identity primary key,
  uid text not null unique check (length(uid) between 1 and 128),
  phone text unique,                        -- E.164, e.g. +12125550123; null until verified
  email text,                               -- lower-cased; Firebase keeps the unique constraint
  display_name text,
  accept_marketing_email boolean not null default false,
  accept_marketing_text boolean not null default false,
  email_verified boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index customers_email_idx on customers (email);

-- Single-use links of verify-email-v2: only a SHA-256 of the token is stored, so a database
-- read does not yield working links.
create table email_verification_tokens (
  token_hash text primary key,
  customer_id integer not null references customers (customer_id) on delete cascade,
  email text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index email_verification_tokens_customer_idx on email_verification_tokens (customer_id);

-- Requests to customer service from the sign-in flow (contact-csc) and duplicate accounts
-- detected when an email and a phone belong to two different accounts.
create table customer_service_requests (
  request_id integer generated always as identity primary key,
  kind text not null check (kind in ('contact-csc', 'duplicate-account')),
  email text not null,
  phone text not null,
  customer_id integer references customers (customer_id) on delete set null,
  created_at timestamptz not null default now()
);
