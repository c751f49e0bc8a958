-- Issue 38 item 10 (decision 0113): abandoned monthly sign-ups, and the old system's access cards.

-- 1. An abandoned sign-up: a contract whose first month (the prorated period the sign-up makes,
-- migration 0071) is unpaid, with money to pay, and which either is older than 30 minutes or was
-- followed by a newer sign-up of the same customer at the same garage for the same plate. It is
-- derived from `p_at`, never stored, like monthly_contract_blocked (0070): nothing has to run for
-- a sign-up to expire, and paying its first month late (the payment may still be settling) brings
-- it back. The contracts and reservations lists leave it out (no duplicate "Awaiting first
-- payment"), and the billing run does not bill its months. A contract without a prorated period
-- (a transition, the seed) is never abandoned: its first month was paid in the old system.
-- 30 minutes: the sign-up screen's payment step, with a card to type and a bank check, takes a
-- few minutes; the client says the same (src/features/monthly/monthly-format.ts).
create function monthly_sign_up_abandoned(p_contract_id integer, p_at timestamptz) returns boolean
language sql stable as $$
  select exists (
    select 1
    from monthly_contracts mc
    join monthly_contract_periods p on p.monthly_contract_id = mc.monthly_contract_id and p.kind = 'prorated'
    join monthly_reservations r on r.monthly_reservation_id = mc.monthly_reservation_id
    where mc.monthly_contract_id = p_contract_id
      and p.paid_at is null and p.amount_cents > 0
      and (mc.created_at <= p_at - interval '30 minutes'
           or exists (select 1 from monthly_contracts newer
                      join monthly_reservations nr on nr.monthly_reservation_id = newer.monthly_reservation_id
                      where newer.customer_id = mc.customer_id and nr.location_id = r.location_id
                        and nr.vehicle_plate is not distinct from r.vehicle_plate
                        and (newer.created_at, newer.monthly_contract_id) > (mc.created_at, mc.monthly_contract_id)
                        and newer.created_at <= p_at))
  )
$$;

-- 2. The old (Secom) system's monthly customers, as the operator exported them: at each garage,
-- the 4-digit access card and the phone number on file (digits only, the last 10). A transition
-- (POST /transitions/api/transitions, server/transitions) moves a card online only when both
-- match a row here, so a made-up card is refused. Loaded by the seed for the demo garages; in
-- production by the operator's export.
create table legacy_monthly_access_cards (
  location_id integer not null references locations (location_id),
  access_card_number text not null check (access_card_number ~ '^[0-9]{4}$'),
  phone_digits text not null check (phone_digits ~ '^[0-9]{10}$'),
  primary key (location_id, access_card_number)
);
