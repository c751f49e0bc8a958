-- Readiness (GET /healthz/ready, server/health): each check upserts this one row, a bounded test
-- write, so a database that cannot be written (full disk, read-only, gone) answers 503 there
-- instead of 200 while every real write fails.
create table health_checks (
  probe text primary key,
  checked_at timestamptz not null
);
