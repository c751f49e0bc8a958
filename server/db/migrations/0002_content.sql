-- Marketing and page content served by /content/api (spec 1 §3, §7).

-- Content items: promo tiles (type 1), marketing pins (type 2), search content (type 3).
create table content_items (
  content_id integer primary key,
  content_type_id integer not null check (content_type_id in (1, 2, 3)),
  slug text not null,
  header text not null,
  card_html text not null,
  content_html text not null,
  link_url text,
  link_type text check (link_type in ('EXTERNAL', 'INTERNAL')),
  latitude double precision,
  longitude double precision,
  display_order integer not null,
  check ((link_url is null) = (link_type is null)),
  check ((latitude is null) = (longitude is null))
);
create index content_items_type on content_items (content_type_id, display_order);

-- Named HTML bodies fetched on their own: the oversize-vehicles modal and the locations page.
create table content_blocks (
  content_id integer primary key,
  block_key text not null unique check (block_key in ('oversize-vehicles', 'locations-list')),
  body_html text not null
);

-- Announcement banners: shown by the client when a route regex matches, not hidden, not expired.
create table banners (
  banner_id integer primary key,
  message_html text not null,
  css_style jsonb not null default '{}'::jsonb,   -- inline style object, e.g. {"backgroundColor": "#fff3cd"}
  effective_from timestamptz not null,
  effective_till timestamptz,                     -- null: no end
  is_hidden boolean not null default false,
  redirect_url text,
  display_order integer not null default 0,
  check (effective_till is null or effective_till > effective_from)
);

create table banner_routes (
  banner_route_id serial primary key,
  banner_id integer not null references banners (banner_id) on delete cascade,
  request_regex text,
  referer_regex text,
  check (request_regex is not null or referer_regex is not null)
);
create index banner_routes_banner on banner_routes (banner_id);

-- Static pages (FAQ, about, terms …): metadata for the page head and the HTML body.
create table static_pages (
  slug text primary key check (slug ~ '^[a-z0-9-]+$'),
  title text not null,
  description text not null,
  keywords text not null,
  body_html text not null
);
