-- Every email the server sends, whatever the adapter: the outbox the development endpoint and
-- the tests read (the outbox adapter also writes each message as JSON under DATA_DIR/outbox/).
create table mail_outbox (
  mail_id integer generated always as identity primary key,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  kind text not null,                       -- verify-email, password-reset, duplicate-account, …
  links jsonb not null default '[]',        -- the action links in the message, for tests
  transport text not null,                  -- outbox | smtp
  created_at timestamptz not null default now()
);
create index mail_outbox_to_idx on mail_outbox (lower(to_address), mail_id desc);

-- Fixed-window counters of rate-limited calls, per bucket (call family) and client key (IP).
-- Rows, not process memory, so several API processes on one database share the limits.
create table rate_limit_counters (
  bucket text not null,
  client_key text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (bucket, client_key, window_start)
);
create index rate_limit_counters_window_idx on rate_limit_counters (window_start);
