/**
 * Arrival and departure: a date and a 30-minute slot each (spec 1 §5, src/lib/time-slots.ts).
 * Every change is settled by the slot rules before it reaches the page, so the rate is only ever
 * asked for a valid stay.
 */
import { useId } from 'react';
import { MAX_DAYS_AHEAD, MAX_STAY_DAYS } from '../../contract/rates';
import { addDays, fromWallTime, settleTimes, toWallTime, visibleSlots, type StayTimes } from '../../lib/time-slots';
import { SlotSelect } from '../../ui/slot-select';

type Props = { times: StayTimes; now: number; onChange: (times: StayTimes) => void };

export function StayPickers({ times, now, onChange }: Props) {
  const id = useId();
  const arrival = toWallTime(times.arrival);
  const departure = toWallTime(times.departure);
  const today = toWallTime(now).date;
  const arrivalSlots = visibleSlots(arrival.date, now);
  const departureSlots = visibleSlots(departure.date, now, times.arrival);
  const set = (next: StayTimes, isDepartureDateManual = false) => onChange(settleTimes(next, now, { isDepartureDateManual }));

  const setArrivalDate = (date: string) => {
    if (!date) return;
    const slots = visibleSlots(date, now);
    const minutes = slots.includes(arrival.minutes) ? arrival.minutes : (slots[0] ?? 0);
    const next = fromWallTime({ date, minutes });
    // Keep the stay's length when the arrival moves, as a driver expects.
    set({ arrival: next, departure: next + (times.departure - times.arrival) });
  };
  const setArrivalSlot = (minutes: number) => {
    const next = fromWallTime({ date: arrival.date, minutes });
    set({ arrival: next, departure: next + (times.departure - times.arrival) });
  };
  const setDepartureDate = (date: string) => {
    if (!date) return;
    const slots = visibleSlots(date, now, times.arrival);
    const minutes = slots.includes(departure.minutes) ? departure.minutes : (slots[0] ?? 0);
    set({ arrival: times.arrival, departure: fromWallTime({ date, minutes }) }, true);
  };
  const setDepartureSlot = (minutes: number) => set({ arrival: times.arrival, departure: fromWallTime({ date: departure.date, minutes }) }, true);

  return (
    <fieldset className="reserve-stay">
      <legend>Date and time</legend>
      <div className="reserve-stay__row">
        <label htmlFor={`${id}-arrival-date`}>Arrival date</label>
        <input id={`${id}-arrival-date`} type="date" value={arrival.date} min={today} max={addDays(today, MAX_DAYS_AHEAD)} onChange={(e) => setArrivalDate(e.target.value)} />
        <label htmlFor={`${id}-arrival-time`}>Arrival time</label>
        <SlotSelect id={`${id}-arrival-time`} slots={arrivalSlots} value={arrival.minutes} onChange={setArrivalSlot} />
      </div>
      <div className="reserve-stay__row">
        <label htmlFor={`${id}-departure-date`}>Departure date</label>
        <input id={`${id}-departure-date`} type="date" value={departure.date} min={arrival.date} max={addDays(arrival.date, MAX_STAY_DAYS)} onChange={(e) => setDepartureDate(e.target.value)} />
        <label htmlFor={`${id}-departure-time`}>Departure time</label>
        <SlotSelect id={`${id}-departure-time`} slots={departureSlots} value={departure.minutes} onChange={setDepartureSlot} />
      </div>
    </fieldset>
  );
}
