-- Monthly-account transitions (spec 3 §3 "Monthly transition", §7 POST /transitions/api/transitions):
-- a monthly customer of the old system moves their access card (a "secom" card, 4 digits, numbered
-- per garage) to their online account. One transition per access card at a garage; the resulting
-- monthly reservation and contract live in the monthly-contracts tables (0032).
create table monthly_transitions (
  monthly_transition_id integer generated always as identity primary key,
  customer_id integer not null references customers (customer_id),
  location_id integer not null references locations (location_id),
  secom_access_card_number text not null,
  secom_phone_number text not null,
  transition_email_address text not null,
  customer_payment_method_id integer not null references customer_payment_methods (customer_payment_method_id),
  monthly_contract_id integer not null references monthly_contracts (monthly_contract_id),
  form jsonb not null,
  created_at timestamptz not null,
  unique (location_id, secom_access_card_number)
);
create index monthly_transitions_by_created on monthly_transitions (created_at desc);
