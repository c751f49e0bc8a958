-- Place search (server/search): the gazetteer behind /search/api/poi. One row per place; each
-- place answers to one or more search names (its name, alternative names, "350 5 ave" for an
-- address), stored normalised by server/search/normalize.ts and matched with pg_trgm: `%`
-- (similarity) and `<%` (word similarity) are typo-tolerant, `like 'x%'` takes prefixes.
-- PGlite loads the extension in server/db/client.ts; PostgreSQL ships it in contrib, and it is a
-- trusted extension (PostgreSQL 13+), so the database owner can create it.
create extension if not exists pg_trgm;

create table places (
  place_id text primary key,
  name text not null,
  secondary text not null,
  kind text not null check (kind in ('station', 'venue', 'landmark', 'neighbourhood', 'street', 'address', 'garage', 'city', 'place')),
  importance smallint not null check (importance between 0 and 100),
  latitude double precision not null check (latitude between -90 and 90),
  longitude double precision not null check (longitude between -180 and 180)
);
-- Reverse lookup scans a small latitude band, then orders by distance.
create index places_latitude on places (latitude);

-- house_number: set for street addresses ("350 5 ave" → '350'). Addresses are four in five rows,
-- so they stay out of the trigram index: typed text that starts with a number looks them up by
-- that number first (a few dozen rows), and everything else searches only the named places.
-- No foreign key to places: the seed writes both tables together, and checking 30,000 references
-- one by one would cost the first start about a second on PGlite.
create table place_names (
  place_id text not null,
  search_name text not null,
  house_number text
);
create index place_names_trigrams on place_names using gin (search_name gin_trgm_ops) where house_number is null;
create index place_names_house on place_names (house_number) where house_number is not null;
-- Prefixes shorter than a trigram ("pe") use the ordered index (named places only).
create index place_names_prefix on place_names (search_name text_pattern_ops) where house_number is null;
