-- Garages (locations) and their notices. Column names mirror the Location entity of spec 1 §3.
create table locations (
  location_id integer primary key,
  location_number text not null unique,           -- the lot code drivers type at the gate (digits)
  seo_url text not null unique,
  location_display_text text not null,
  address1 text not null,
  city text not null,
  state text not null,
  zip text not null,
  cross_street text not null,
  area text not null check (area in ('manhattan', 'brooklyn', 'jersey-city', 'newark', 'secaucus')),
  arena_zone boolean not null default false,     -- Newark arena district: event surcharge applies
  latitude double precision not null,
  longitude double precision not null,
  phone1 text not null,
  operating_hours_description text not null,
  additional_information text not null,
  browser_title text not null,
  seo_description text not null,
  seo_keywords text not null,
  reservation_confirmation_copy text not null,
  capacity integer not null check (capacity > 0),
  oversized boolean not null,
  ski_data_location boolean not null,
  bike_parking boolean not null,
  scooter_parking boolean not null,
  electric_charging boolean not null,
  is_close_to_train_station boolean not null,
  self_parking boolean not null
);

create table location_images (
  location_image_id serial primary key,
  location_id integer not null references locations (location_id),
  asset_type text not null check (asset_type in ('Entrance', 'Slide Show', 'Thumbnail')),
  asset_uri text not null,
  alt_text text not null,
  display_order integer not null
);
create index location_images_location on location_images (location_id);

create table location_blackouts (
  blackout_id serial primary key,
  location_id integer not null references locations (location_id),
  start_date_utc timestamptz not null,
  end_date_utc timestamptz not null check (end_date_utc > start_date_utc),
  all_day boolean not null,
  message text not null
);
create index location_blackouts_location on location_blackouts (location_id, start_date_utc);

create table location_alerts (
  location_alert_message_id serial primary key,
  location_id integer not null references locations (location_id),
  start_date_utc timestamptz not null,
  end_date_utc timestamptz not null check (end_date_utc > start_date_utc),
  all_day boolean not null,
  message text not null
);
create index location_alerts_location on location_alerts (location_id, start_date_utc);
