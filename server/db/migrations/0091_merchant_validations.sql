-- Merchant validation (issue 37 item 3, docs/decisions/0103-merchant-validation.md).
--
-- A validating merchant is a garage's partner shop: staff create it (name, the garages it
-- validates at, what a validation is worth) and give it a secret key, stored here only as its
-- SHA-256. The merchant (or staff) issues single-use codes: random, 80 bits, valid 24 hours,
-- usable at the merchant's garages or bound to one ticket. A ticket takes a code by the coupon
-- calls; the code is spent then, atomically (a conditional update), on that ticket only.
-- validation_events is the log the operator bills the merchants from: who issued or redeemed
-- which code, when, on which ticket, for how much.
--
-- The seeded coupon VALIDATED (100 % off, public, any garage, any number of times) was the
-- hole this closes: it is deleted. garage_tickets.promotion_code now holds a promotion or an
-- issued validation code, so its foreign key to promotions goes; the ticket service prices a
-- validation code only when validation_codes says this ticket redeemed it.

create table validation_merchants (
  merchant_id integer generated always as identity primary key,
  name text not null check (length(name) between 1 and 100),
  location_ids integer[] not null check (cardinality(location_ids) between 1 and 50),
  -- FULL: the whole stay; PERCENT: value percent off; AMOUNT: value cents off; HOURS: the first value hours free.
  value_type text not null check (value_type in ('FULL', 'PERCENT', 'AMOUNT', 'HOURS')),
  value integer not null check (
    (value_type = 'FULL' and value = 100)
    or (value_type = 'PERCENT' and value between 1 and 100)
    or (value_type = 'AMOUNT' and value between 1 and 50000)
    or (value_type = 'HOURS' and value between 1 and 24)
  ),
  -- SHA-256 (hex) of the merchant's key; null until staff create one. The key itself is never stored.
  api_key_hash text unique check (api_key_hash ~ '^[0-9a-f]{64}$'),
  is_active boolean not null default true,
  created_by text not null,
  created_at timestamptz not null
);

create table validation_codes (
  code text primary key check (code ~ '^MV[0-9A-Z]{16}$'),
  merchant_id integer not null references validation_merchants (merchant_id),
  -- Where the code can be used: the merchant's garages at issue, or the one garage asked for.
  location_ids integer[] not null check (cardinality(location_ids) >= 1),
  -- Bound at issue to one ticket (the shop scanned it), or null for any ticket at those garages.
  ticket_id integer references garage_tickets (ticket_id),
  value_type text not null check (value_type in ('FULL', 'PERCENT', 'AMOUNT', 'HOURS')),
  value integer not null,
  issued_by text not null,
  issued_at timestamptz not null,
  expires_at timestamptz not null check (expires_at > issued_at),
  redeemed_ticket_id integer references garage_tickets (ticket_id),
  redeemed_by text,
  redeemed_at timestamptz,
  check ((redeemed_ticket_id is null) = (redeemed_at is null))
);
create index validation_codes_by_merchant on validation_codes (merchant_id, issued_at desc);
create index validation_codes_by_redeemed_ticket on validation_codes (redeemed_ticket_id) where redeemed_ticket_id is not null;

create table validation_events (
  event_id integer generated always as identity primary key,
  code text not null references validation_codes (code),
  merchant_id integer not null references validation_merchants (merchant_id),
  kind text not null check (kind in ('issue', 'redeem')),
  actor text not null,
  ticket_id integer references garage_tickets (ticket_id),
  -- redeem: what the code took off the amount due then (tax and service fee included).
  amount_cents integer,
  occurred_at timestamptz not null
);
create index validation_events_by_merchant on validation_events (merchant_id, occurred_at desc);

alter table garage_tickets drop constraint if exists garage_tickets_promotion_code_fkey;
delete from promotions where promotion_code = 'VALIDATED';
