-- Issue 39 (years of history): two monthly paths that read every row of a growing table.
-- Decision record: docs/decisions/0108-growth-indexes-and-billing.md.

-- 1. The gate's question (monthly_access_blocked, migration 0070) found the contract by the plate
-- inside the registration form (upper(form ->> 'vehicleLicensePlate')): a sequential scan of
-- monthly_reservations on every monthly ticket priced. The plate is now a column of its own,
-- derived from the form by the database itself (a stored generated column), so every writer of a
-- form (sign-up, the registration step, transitions, the seed, tests) keeps it right without
-- knowing about it, and the old rows get theirs when this migration rewrites the table. Same
-- comparison as before: the plate upper-cased, an absent plate null (matches nothing).
alter table monthly_reservations
  add column vehicle_plate text generated always as (upper(form ->> 'vehicleLicensePlate')) stored;
create index monthly_reservations_by_location_plate on monthly_reservations (location_id, vehicle_plate);

create or replace function monthly_access_blocked(p_location_id integer, p_plate text, p_at timestamptz) returns boolean
language sql stable as $$
  with contracts as (
    select mc.monthly_contract_id
    from monthly_reservations r
    join monthly_contracts mc on mc.monthly_reservation_id = r.monthly_reservation_id
    where r.location_id = p_location_id
      and r.vehicle_plate = upper(p_plate)
      and (mc.cancelled_at is null or mc.cancelled_at > p_at)
  )
  select exists (select 1 from contracts)
    and not exists (select 1 from contracts c where not monthly_contract_blocked(c.monthly_contract_id, p_at))
$$;

-- 2. The monthly billing run (server/billing/billing-cycle.ts, listBillable) picks the contracts
-- running on the 1st. Without an index that was every contract ever signed; with this one it is a
-- range of the contracts still running then (not ended, not cancelled by that instant), so a run
-- grows with the contracts it bills, never with the years of ended ones. The expression must be
-- written the same way in the query for the planner to use it.
create index monthly_contracts_running_until on monthly_contracts
  ((least(coalesce(end_utc, 'infinity'::timestamptz), coalesce(cancelled_at, 'infinity'::timestamptz))));
