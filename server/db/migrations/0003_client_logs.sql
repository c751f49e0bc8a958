-- Client log records posted by the PWA (spec 1 §3 "Client log record"), kept for support and diagnostics.
create table client_logs (
  client_log_id bigserial primary key,
  received_at timestamptz not null,
  log_level text not null check (log_level in ('Trace', 'Debug', 'Information', 'Warning', 'Error', 'Critical', 'None')),
  log_event text not null check (log_event in ('Login', 'Logout', 'ForcedLogout', 'ClientError')),
  message text not null,
  client_version text,
  uid text,
  display_name text,
  email text,
  phone text,
  user_agent text,
  created_at timestamptz,
  expiration_time timestamptz,
  last_login timestamptz,
  device_id text
);
create index client_logs_received on client_logs (received_at);
create index client_logs_uid on client_logs (uid) where uid is not null;
