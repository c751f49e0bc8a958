-- Audit review of tickets (spec 3 §4: "If the plate entered does not match any vehicle on the lot,
-- the warning in section 8 applies, and the minimum rate is charged with an audit review").
-- A flagged ticket is priced at its garage's minimum rate (the rate card's first hourly tier) and
-- waits in the audit queue (attendant API) until an auditor reviews the session.
alter table garage_tickets
  add column audit_review_reason text check (audit_review_reason in ('unmatched-plate')),
  -- The plate the driver entered that matched no vehicle on the lot.
  add column audit_reported_plate text check (audit_reported_plate ~ '^[A-Z0-9]{1,10}$'),
  add column audit_flagged_at timestamptz,
  add check ((audit_review_reason is null) = (audit_flagged_at is null));

create index garage_tickets_audit_queue on garage_tickets (location_id, audit_flagged_at) where audit_review_reason is not null;

alter table ticket_events drop constraint ticket_events_kind_check;
alter table ticket_events add constraint ticket_events_kind_check
  check (kind in ('entry', 'exit', 'payment', 'validation', 'call-car', 'arrival', 'coupon', 'reservation', 'audit'));
