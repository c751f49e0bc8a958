-- Capacity that cannot be hoarded (docs/decisions/0102-reservation-capacity-holds.md).
--
-- A reservation's stay is copied from its rate instance onto the row, so the capacity count and
-- the customer's lists filter and order by columns of one table with an index that matches them,
-- instead of one rate-instance lookup per reservation of the garage's (or customer's) history.
-- A pending reservation holds its space until hold_expires_at (a short hold from creation; a
-- repeated create of the same quote renews it if there is still room); after that it no longer
-- counts and cannot be paid.
alter table daily_reservations
  add column entry_time_utc timestamptz,
  add column exit_time_utc timestamptz,
  add column hold_expires_at timestamptz;

update daily_reservations d set entry_time_utc = ri.entry_time_utc, exit_time_utc = ri.exit_time_utc
  from rate_instances ri where ri.rate_instance_id = d.rate_instance_id;
-- Pending rows from before this migration get the hold they would have had (long over by now).
update daily_reservations set hold_expires_at = created_at + interval '10 minutes' where status = 'pending';

alter table daily_reservations
  alter column entry_time_utc set not null,
  alter column exit_time_utc set not null,
  add constraint daily_reservations_stay_order check (exit_time_utc > entry_time_utc),
  add constraint daily_reservations_pending_hold check (status <> 'pending' or hold_expires_at is not null);

-- The capacity count: reservations at a garage that still hold a space (confirmed, or pending
-- inside the hold) whose stay ends after the asked-for start. The history of a garage is over
-- (exit in the past), so the range on exit_time_utc visits only current and future stays; the
-- included columns answer the rest of the filter from the index.
drop index daily_reservations_by_location;
create index daily_reservations_holding on daily_reservations (location_id, exit_time_utc)
  include (entry_time_utc, status, hold_expires_at, owner_uid) where status in ('pending', 'confirmed');

-- A customer's active list (confirmed, not over): the range on exit_time_utc skips the history.
drop index daily_reservations_by_owner;
create index daily_reservations_active_by_owner on daily_reservations (owner_uid, exit_time_utc) where status = 'confirmed';
-- A customer's completed list, newest first, in the order it is shown (no sort of the history).
create index daily_reservations_by_owner_entry on daily_reservations (owner_uid, entry_time_utc desc, reservation_id desc);

-- A refund is sent to the processor by one request at a time: the request that sets this lease
-- drives it; concurrent DELETEs or reads that find it leased answer the refund as it stands.
-- A lease older than its time (a crash mid-call) may be taken over, with the same idempotency key.
alter table payment_refunds add column drive_lease_until timestamptz;
