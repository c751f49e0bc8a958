-- Idempotency-Key leases, indexes that match the payment queries, and retention of bookkeeping
-- rows (docs/decisions/0107-idempotency-leases-and-retention.md).

-- A running key is held under a lease its request renews while it works (server/payments/
-- idempotency.ts). A holder that died (kill -9, OOM) stops renewing; once the lease has expired a
-- retry of the same request takes the key over instead of answering 409 until a restart. The token
-- says which holder the lease is for, so a holder that lost it cannot overwrite its successor.
-- Rows written before this migration have no lease: treated as expired.
alter table idempotency_keys add column lease_token text;
alter table idempotency_keys add column lease_expires_at timestamptz;
-- Start-up reconciliation (reconcile.ts) looks only at running keys: a handful, whatever the history.
create index idempotency_keys_running on idempotency_keys (lease_expires_at) where state = 'running';
-- Retention (server/maintenance/prune.ts) deletes the oldest keys in batches by created_at.
create index idempotency_keys_by_created on idempotency_keys (created_at);

-- Every succeeded payment of a payable and its follow-ups (`ticket:N`, `ticket:N.2`, …): a range
-- in byte order ("C" collation, whatever the database's), so `ticket:N.` ≤ id < `ticket:N/` ('/'
-- follows '.') is one index range instead of a LIKE over every payment.
create index payments_succeeded_by_entity on payments (system_entity_id collate "C") where status = 'succeeded';
-- Start-up reconciliation looks only at payments that can still be unfinished.
create index payments_unfinished on payments (payment_id) where status in ('requires_payment_method', 'processing');
-- Payment history and receipts, newest first, keyset-paged: (succeeded_at, payment_id) per owner.
create index payments_history_by_owner on payments (owner_uid, succeeded_at desc, payment_id desc) where status = 'succeeded';
create index payment_refunds_history_by_owner on payment_refunds (owner_uid, (coalesce(succeeded_at, created_at)) desc, refund_id desc) where status <> 'failed';
-- Card enrollments not yet completed: reconciliation's look-back reads only these.
create index payment_setups_unfinished on payment_setups (created_at) where customer_payment_method_id is null;

-- Retention of the mail outbox (rate_limit_counters already has its window_start index).
create index mail_outbox_by_created on mail_outbox (created_at);

-- One row per run of a maintenance job per hour slot (server/maintenance/schedule.ts): every
-- process ticks, the one whose insert wins the slot prunes, so pruning runs once per hour whatever
-- the number of processes. Also the operators' record of what each run deleted.
create table maintenance_runs (
  job text not null,
  slot timestamptz not null,
  worker text not null,
  started_at timestamptz not null,
  finished_at timestamptz,
  deleted jsonb,
  primary key (job, slot)
);
