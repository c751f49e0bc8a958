-- Tax exemption and Manhattan/NJ resident rates need proof (issue 37 item 4, decision 0104).
--
-- A customer who claims either one (the quote's isTaxExempt / isResident, or later from the
-- contract page) is billed the FULL rate until staff approve the proof they uploaded. Approval
-- moves the contract to the exempt fee and credits, once, what the months billed since the
-- request cost over the exempt price; the credit comes off the next 1st's bill.
--
--   awaiting-proof  claimed at sign-up, no proof uploaded yet
--   pending         proof uploaded, waiting for staff
--   approved        the contract bills the exempt fee; credit_cents written in the same step
--   rejected        full rate stays; reason is shown to the customer (a new request may follow)
create table monthly_exemption_requests (
  exemption_request_id integer generated always as identity primary key,
  monthly_contract_id integer not null references monthly_contracts (monthly_contract_id),
  customer_id integer not null references customers (customer_id),
  claim text not null check (claim in ('tax-exempt', 'resident')),
  status text not null check (status in ('awaiting-proof', 'pending', 'approved', 'rejected')),
  -- The prices the claim changes, with tax, in cents, computed when the request is made from the
  -- contract's accepted rate: the monthly fee, and the first (prorated) month with the service fee.
  full_monthly_cents integer not null check (full_monthly_cents > 0),
  exempt_monthly_cents integer not null check (exempt_monthly_cents > 0 and exempt_monthly_cents <= full_monthly_cents),
  full_first_cents integer not null check (full_first_cents >= 0),
  exempt_first_cents integer not null check (exempt_first_cents >= 0 and exempt_first_cents <= full_first_cents),
  requested_at timestamptz not null,
  proof_uploaded_at timestamptz,
  decided_at timestamptz,
  decided_by text,
  reason text,
  -- Written once, by the approval that moved the request from pending to approved.
  credit_cents integer check (credit_cents >= 0),
  check ((status in ('approved', 'rejected')) = (decided_at is not null)),
  check (status <> 'rejected' or reason is not null),
  check ((status = 'approved') = (credit_cents is not null))
);
-- At most one open or granted request per contract: a second claim waits for a rejection.
create unique index monthly_exemption_requests_one_open
  on monthly_exemption_requests (monthly_contract_id) where status in ('awaiting-proof', 'pending', 'approved');
create index monthly_exemption_requests_pending on monthly_exemption_requests (proof_uploaded_at) where status = 'pending';

-- The proof files (object store keys, as claim photos: server/claims/object-store.ts). An image
-- also has a viewing copy (upright, ≤ 1600 px JPEG, metadata dropped); a PDF only its original.
create table monthly_exemption_proofs (
  exemption_request_id integer not null references monthly_exemption_requests (exemption_request_id),
  position integer not null check (position between 1 and 3),
  content_type text not null check (content_type in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
  byte_size integer not null check (byte_size > 0),
  original_key text not null,
  viewing_key text,
  uploaded_at timestamptz not null,
  primary key (exemption_request_id, position)
);

-- Money owed back to a contract, taken off the bills from the next 1st (server/billing). One
-- credit per approved request: the unique key is what makes an approval credit exactly once.
create table monthly_contract_credits (
  monthly_contract_credit_id integer generated always as identity primary key,
  monthly_contract_id integer not null references monthly_contracts (monthly_contract_id),
  exemption_request_id integer not null unique references monthly_exemption_requests (exemption_request_id),
  amount_cents integer not null check (amount_cents > 0),
  created_at timestamptz not null
);
create index monthly_contract_credits_by_contract on monthly_contract_credits (monthly_contract_id);

-- The part of a billed month paid by credit (amount_cents is what is left to charge). The
-- contract's credit left = its credits minus the credit_cents of its periods.
alter table monthly_contract_periods add column credit_cents integer not null default 0 check (credit_cents >= 0);

-- The credit comes off the next billed months, whoever bills them (the billing job, a seed): a
-- billed month inserted for a contract with credit left pays that much by credit, and one paid
-- whole by credit is paid without a card payment (paid_at set, payment_id null). The contract row
-- is locked first, as the approval locks it (server/exemptions/service.ts), so an approval and the
-- billing of a month are serialised: the month is in the approval's credit or billed at the
-- exempt fee, and two months billed at once cannot both use the same credit.
create function monthly_period_apply_credit() returns trigger
language plpgsql as $$
declare
  credit_left integer;
  used integer;
begin
  if new.kind <> 'billed' or new.amount_cents <= 0 or new.paid_at is not null then
    return new;
  end if;
  perform 1 from monthly_contracts where monthly_contract_id = new.monthly_contract_id for update;
  select (select coalesce(sum(amount_cents), 0) from monthly_contract_credits where monthly_contract_id = new.monthly_contract_id)
       - (select coalesce(sum(credit_cents), 0) from monthly_contract_periods where monthly_contract_id = new.monthly_contract_id)
    into credit_left;
  if credit_left <= 0 then
    return new;
  end if;
  used := least(credit_left, new.amount_cents);
  new.credit_cents := new.credit_cents + used;
  new.amount_cents := new.amount_cents - used;
  if new.amount_cents = 0 then
    new.paid_at := now();
  end if;
  return new;
end
$$;

create trigger monthly_period_apply_credit before insert on monthly_contract_periods
  for each row execute function monthly_period_apply_credit();
