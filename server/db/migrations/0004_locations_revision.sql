-- The locations list (GET /locations/api/locations) is held per server process, prepared and
-- compressed once (server/locations/list-cache.ts). It is valid while `locations_revision.value`
-- is unchanged: any write to a garage or its images bumps it (statement-level triggers), so every
-- process sees a change made by any process or tool on its next revision check.
create table locations_revision (
  id integer primary key check (id = 1),
  value bigint not null
);
insert into locations_revision (id, value) values (1, 1);

create function bump_locations_revision() returns trigger language plpgsql as $$
begin
  update locations_revision set value = value + 1 where id = 1;
  return null;
end
$$;

create trigger locations_list_revision after insert or update or delete or truncate on locations
  for each statement execute function bump_locations_revision();
create trigger location_images_list_revision after insert or update or delete or truncate on location_images
  for each statement execute function bump_locations_revision();
