-- Daily pricing keeps a snapshot of everything it reads (garages, rate cards, events and their
-- rates, blackouts, alerts) in each server process, so a search of 40 garages costs one tiny
-- query. The snapshot is valid while `pricing_revision.value` is unchanged: any insert, update,
-- delete or truncate on those tables bumps it (statement-level triggers), so every process sees
-- a change on its next request, whichever process or tool made it.
create table pricing_revision (
  id integer primary key check (id = 1),
  value bigint not null
);
insert into pricing_revision (id, value) values (1, 1);

create function bump_pricing_revision() returns trigger language plpgsql as $$
begin
  update pricing_revision set value = value + 1 where id = 1;
  return null;
end
$$;

create trigger locations_pricing_revision after insert or update or delete or truncate on locations
  for each statement execute function bump_pricing_revision();
create trigger location_blackouts_pricing_revision after insert or update or delete or truncate on location_blackouts
  for each statement execute function bump_pricing_revision();
create trigger location_alerts_pricing_revision after insert or update or delete or truncate on location_alerts
  for each statement execute function bump_pricing_revision();
create trigger rate_cards_pricing_revision after insert or update or delete or truncate on rate_cards
  for each statement execute function bump_pricing_revision();
create trigger events_pricing_revision after insert or update or delete or truncate on events
  for each statement execute function bump_pricing_revision();
create trigger event_rates_pricing_revision after insert or update or delete or truncate on event_rates
  for each statement execute function bump_pricing_revision();
