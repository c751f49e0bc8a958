-- A plate is no proof of whose car it is (anyone can add any plate as a vehicle), so a
-- customer's park-and-pay activation holds a place only for that customer (decision 0105).
--
-- opened_by_uid: the customer whose activation (park-and-pay entry, provisional-pass conversion)
-- opened the ticket; null for the garage's own entries (gate ticket, plate read, staff). Unlike
-- customer_uid (who claimed it, which a card payment can set later) it never changes.
alter table garage_tickets add column opened_by_uid text;

update garage_tickets t set opened_by_uid = t.customer_uid
where t.customer_uid is not null
  and exists (select 1 from ticket_events e where e.ticket_id = t.ticket_id and e.kind = 'entry'
              and e.details ->> 'source' in ('park-and-pay', 'provisional-pass'));

-- "A plate is on a lot once" now holds for the gate's tickets (the car the garage itself saw),
-- and separately for each customer's activations: one account's activation never blocks another
-- account's, nor the gate's own entry for that car.
drop index garage_tickets_one_per_plate_on_lot;
create unique index garage_tickets_one_gate_ticket_per_plate
  on garage_tickets (location_id, license_plate) where status <> 'exited' and license_plate is not null and opened_by_uid is null;
create unique index garage_tickets_one_activation_per_account
  on garage_tickets (location_id, license_plate, opened_by_uid) where status <> 'exited' and license_plate is not null and opened_by_uid is not null;

-- "Parked now" on a vehicle counts only tickets its owner claimed (ticket-store.ts
-- syncVehicleTicketed): recomputed once here, so no vehicle added for someone else's plate keeps
-- showing where that car is.
update vehicles v set is_ticketed = exists (
  select 1 from garage_tickets t where t.license_plate = v.license_plate and t.status <> 'exited' and t.customer_uid = v.owner_uid)
where v.removed_at is null;
