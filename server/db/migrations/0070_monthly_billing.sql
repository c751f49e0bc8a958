-- Monthly billing cycle (server/billing): the job that charges every running contract on the 1st
-- (New York), once per contract and month whatever happens (run twice, a crash halfway, several
-- processes at once).
--
-- Every change to what a contract bills is a contract period (spec 2 §3 "monthlyContractPeriods"):
--   billed    a full month charged by the job on the 1st
--   prorated  the first, partial month paid at sign-up (prorated fee plus the service fee)
--   suspended a month the customer suspended (notice by the 25th): amount 0, nothing is due
alter table monthly_contract_periods
  add column kind text not null default 'billed' check (kind in ('billed', 'prorated', 'suspended'));

-- The lock of the billing cycle. The job inserts the month's period (unique per contract and
-- start) and then this row (primary key = the period) in one transaction BEFORE it talks to the
-- processor: a second run, or another process, meets the row and leaves the month alone. A row
-- left without an outcome (the process died mid-charge) is taken over after a while with a
-- compare-and-set on claimed_at; the charge it re-drives is the same payment (payments.ts
-- idempotency keys derive from the payment id), so it is still one charge.
create table monthly_billing_charges (
  monthly_contract_period_id integer primary key references monthly_contract_periods (monthly_contract_period_id),
  claimed_at timestamptz not null,
  claimed_by text not null,
  -- null while the charge runs; paid | declined (card refused) | no_card (nothing attached)
  outcome text check (outcome in ('paid', 'declined', 'no_card')),
  payment_id integer references payments (payment_id),
  message text,
  finished_at timestamptz
);

-- Is one contract's access card off at `p_at`? Yes when the operator blocked it, a month with
-- money is unpaid (months are only created once they are billed), or it is suspended then.
create function monthly_contract_blocked(p_contract_id integer, p_at timestamptz) returns boolean
language sql stable as $$
  select mc.is_blocked
    or exists (select 1 from monthly_contract_periods p where p.monthly_contract_id = mc.monthly_contract_id and p.paid_at is null and p.amount_cents > 0)
    or (mc.suspended_at is not null and mc.suspended_at <= p_at and (mc.resume_utc is null or mc.resume_utc > p_at))
  from monthly_contracts mc where mc.monthly_contract_id = p_contract_id
$$;

-- The gate's question (spec 2 §4: "A card is deactivated if the fee is unpaid by the first of the
-- month, and the customer pays the transient rate"): is the monthly access of this plate at this
-- garage off? Yes when the plate has contracts there (not cancelled) and none of them is in good
-- standing; an abandoned sign-up for the same plate does not block a paid-up contract. Plates
-- compare without case; the plate is the registration form's vehicleLicensePlate. The parking
-- system reads a monthly ticket as monthly only while this is false
-- (server/parking-system/ticket-store.ts).
create function monthly_access_blocked(p_location_id integer, p_plate text, p_at timestamptz) returns boolean
language sql stable as $$
  with contracts as (
    select mc.monthly_contract_id
    from monthly_contracts mc
    join monthly_reservations r on r.monthly_reservation_id = mc.monthly_reservation_id
    where r.location_id = p_location_id
      and upper(r.form ->> 'vehicleLicensePlate') = upper(p_plate)
      and (mc.cancelled_at is null or mc.cancelled_at > p_at)
  )
  select exists (select 1 from contracts)
    and not exists (select 1 from contracts c where not monthly_contract_blocked(c.monthly_contract_id, p_at))
$$;
