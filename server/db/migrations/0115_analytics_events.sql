-- Page views and purchase events of the PWA (decision 0115), sent to the operator's own log
-- endpoint instead of a third party. No personal data: the columns hold none, and the API refuses
-- fields it does not know. Pruned after 400 days (server/maintenance/prune.ts).
create table analytics_events (
  analytics_event_id bigserial primary key,
  received_at timestamptz not null,
  occurred_at timestamptz not null,
  session_id text not null,
  client_version text,
  event_type text not null check (event_type in ('page_view', 'purchase')),
  path text,
  payment_id integer,
  amount numeric(10, 2),
  currency text,
  method text check (method is null or method in ('saved_cc', 'cc', 'browser-pay')),
  check ((event_type = 'page_view') = (path is not null)),
  check ((event_type = 'purchase') = (payment_id is not null and amount is not null and currency is not null and method is not null))
);
create index analytics_events_received on analytics_events (received_at);
create index analytics_events_session on analytics_events (session_id);
