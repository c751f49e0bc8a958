-- Card payments (spec 2 §3 Saved payment method, §7 Payments). Rows belong to the caller's
-- Firebase uid (owner_uid). Amounts are integer cents (USD).
--
-- A "payable" is what is paid, named by system_entity_id ("ticket:<number>", "reservation:<id>").
-- The guarantee "never charged twice" rests on two partial unique indexes:
--   * at most one OPEN payment per payable (waiting for the browser, being charged, or paid), so
--     two tabs, retries or double clicks meet the same row instead of starting a second charge;
--   * at most one SUCCEEDED payment per payable, the invariant itself.
-- Processor-side, each payment has exactly one provider intent, which can succeed only once.

create table payment_customers (
  owner_uid text primary key,
  provider text not null,
  provider_customer_id text not null unique,
  created_at timestamptz not null
);

create table customer_payment_methods (
  customer_payment_method_id integer generated always as identity primary key,
  owner_uid text not null,
  provider_payment_method_id text not null,
  brand text not null,
  last4 text not null check (last4 ~ '^\d{4}$'),
  exp_month integer not null check (exp_month between 1 and 12),
  exp_year integer not null,
  is_default boolean not null default false,
  created_at timestamptz not null,
  removed_at timestamptz
);
create unique index customer_payment_methods_one_active_per_card
  on customer_payment_methods (provider_payment_method_id) where removed_at is null;
create unique index customer_payment_methods_one_default
  on customer_payment_methods (owner_uid) where is_default and removed_at is null;
create index customer_payment_methods_by_owner on customer_payment_methods (owner_uid) where removed_at is null;

create table payments (
  payment_id integer generated always as identity primary key,
  owner_uid text not null,
  system_entity_id text not null,
  description text not null,
  amount_cents integer not null check (amount_cents > 0),
  currency text not null default 'usd',
  -- requires_payment_method: intent created, the browser has not paid it yet (or its card was declined)
  -- processing: a saved card is being charged by the server right now
  status text not null check (status in ('requires_payment_method', 'processing', 'succeeded', 'failed', 'canceled')),
  provider text not null,
  provider_intent_id text unique,
  client_secret text,
  save_payment_method boolean not null default false,
  customer_payment_method_id integer references customer_payment_methods,
  card_brand text,
  card_last4 text,
  failure_code text,
  failure_message text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  succeeded_at timestamptz
);
create unique index payments_one_open_per_payable
  on payments (system_entity_id) where status in ('requires_payment_method', 'processing', 'succeeded');
create unique index payments_one_success_per_payable
  on payments (system_entity_id) where status = 'succeeded';
create index payments_by_owner on payments (owner_uid, created_at desc);

create table payment_setups (
  setup_intent_id text primary key,
  owner_uid text not null,
  provider_customer_id text not null,
  customer_payment_method_id integer references customer_payment_methods,
  created_at timestamptz not null
);

-- Idempotency-Key header (Stripe's semantics): the first request with a key runs, later ones with
-- the same key and the same request get its stored answer. Rows, not memory: several API
-- processes share this database.
create table idempotency_keys (
  owner_uid text not null,
  idempotency_key text not null,
  request_fingerprint text not null,      -- method, path and body of the first request
  state text not null check (state in ('running', 'done')),
  response_status integer,
  response_body text,
  created_at timestamptz not null,
  primary key (owner_uid, idempotency_key)
);

-- The built-in test processor's own records: what Stripe would hold on its side. Only brand,
-- last four digits, expiry and the test card's rule are kept, never the card number.
create table test_processor_customers (
  customer_id text primary key,
  uid text not null,
  email text,
  created_at timestamptz not null
);

create table test_processor_payment_methods (
  payment_method_id text primary key,
  brand text not null,
  last4 text not null,
  exp_month integer not null,
  exp_year integer not null,
  card_rule text not null,
  billing_name text,
  billing_zip text,
  customer_id text references test_processor_customers,
  created_at timestamptz not null
);

create table test_processor_intents (
  intent_id text primary key,
  kind text not null check (kind in ('payment', 'setup')),
  client_secret text not null unique,
  amount_cents integer,
  customer_id text references test_processor_customers,
  setup_future_usage boolean not null default false,
  payment_method_id text references test_processor_payment_methods,
  status text not null check (status in ('requires_payment_method', 'processing', 'succeeded', 'canceled')),
  last_error_code text,
  last_error_decline_code text,
  last_error_message text,
  idempotency_key text unique,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
