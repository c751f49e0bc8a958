-- A vehicle is its plate and where the plate was issued: year, make, model and colour are
-- optional (issue 38 item 8, decision 0111). A driver at the gate with a queue behind them
-- registers the plate and parks; the details can be added later in My Account › Vehicles.
-- Existing rows keep their values; a missing detail is null, never an empty string.
alter table vehicles alter column make drop not null;
alter table vehicles alter column model drop not null;
alter table vehicles alter column color drop not null;
alter table vehicles alter column year drop not null;
