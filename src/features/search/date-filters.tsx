/**
 * The arrival and departure fields (spec 1 §2.3, §5): a date and a 30-minute slot each for a
 * daily search, only "Start date" for a monthly one: date inputs in the filter bar, inline
 * calendars in the "Update Search" modal (`isGrouped`). Slots in the past, and on a same-day
 * departure the slots up to and including the arrival, are not offered; every change is settled
 * by the rules of src/lib/time-slots.ts (bumped arrival, departure after arrival, 30-day range).
 */
import { useId } from 'react';
import { MAX_DAYS_AHEAD, MAX_STAY_DAYS } from '../../contract/rates';
import { addDays, fromWallTime, settleTimes, toWallTime, visibleSlots, type StayTimes } from '../../lib/time-slots';
import { SlotSelect } from '../../ui/slot-select';
import { InlineCalendar } from './inline-calendar';
import type { SearchType } from './search-url';

type Props = {
  type: SearchType;
  times: StayTimes;
  now: number;
  onChange: (times: StayTimes) => void;
  /** Group titles in the "Update Search" modal ("Arrive After" / "Exit Before"). */
  isGrouped?: boolean;
};

type DateFieldProps = { id: string; label: string; value: string; min: string; max: string; isCalendar: boolean; onChange: (date: string) => void };

/** One date: a date input in the filter bar, an inline calendar in the modal. */
function DateField({ id, label, value, min, max, isCalendar, onChange }: DateFieldProps) {
  if (isCalendar)
    return (
      <div className="date-filters__field date-filters__field--calendar">
        <span aria-hidden="true">{label}</span>
        <InlineCalendar label={label} value={value} min={min} max={max} onChange={onChange} />
      </div>
    );
  return (
    <label className="date-filters__field" htmlFor={id}>
      <span>{label}</span>
      <input id={id} type="date" required min={min} max={max} value={value} onChange={(event) => event.target.value && onChange(event.target.value)} />
    </label>
  );
}

export function DateFilters({ type, times, now, onChange, isGrouped = false }: Props) {
  const id = useId();
  const today = toWallTime(now).date;
  const arrival = toWallTime(times.arrival);
  const departure = toWallTime(times.departure);
  const arrivalSlots = visibleSlots(arrival.date, now);
  const departureSlots = visibleSlots(departure.date, now, times.arrival);

  const setArrival = (date: string, minutes: number): void => {
    // A new arrival date keeps its time when that slot is still offered, else takes the first one.
    const slots = visibleSlots(date, now);
    const slot = slots.includes(minutes) ? minutes : (slots[0] ?? 0);
    // Departure stays unless it is no longer after arrival; then it moves to arrival + 2 hours (spec 1 §4).
    onChange(settleTimes({ arrival: fromWallTime({ date, minutes: slot }), departure: times.departure }, now));
  };
  const setDeparture = (date: string, minutes: number, isDateChange: boolean): void => {
    const slots = visibleSlots(date, now, times.arrival);
    const slot = slots.includes(minutes) ? minutes : (slots[0] ?? minutes);
    onChange(settleTimes({ arrival: times.arrival, departure: fromWallTime({ date, minutes: slot }) }, now, { isDepartureDateManual: isDateChange }));
  };

  if (type === 'MONTHLY') {
    return (
      <div className="date-filters">
        <DateField id={`${id}-start`} label="Start date" value={arrival.date} min={today} max={addDays(today, MAX_DAYS_AHEAD)} isCalendar={isGrouped} onChange={(date) => setArrival(date, 0)} />
      </div>
    );
  }

  const arrive = (
    <>
      <DateField
        id={`${id}-arrival-date`}
        label="Arrival date"
        value={arrival.date}
        min={today}
        max={addDays(today, MAX_DAYS_AHEAD)}
        isCalendar={isGrouped}
        onChange={(date) => setArrival(date, arrival.minutes)}
      />
      <label className="date-filters__field" htmlFor={`${id}-arrival-time`}>
        <span>Arrival time</span>
        <SlotSelect id={`${id}-arrival-time`} slots={arrivalSlots} value={arrival.minutes} onChange={(minutes) => setArrival(arrival.date, minutes)} />
      </label>
    </>
  );
  const exit = (
    <>
      <DateField
        id={`${id}-departure-date`}
        label="Departure date"
        value={departure.date}
        min={arrival.date}
        max={addDays(arrival.date, MAX_STAY_DAYS)}
        isCalendar={isGrouped}
        onChange={(date) => setDeparture(date, departure.minutes, true)}
      />
      <label className="date-filters__field" htmlFor={`${id}-departure-time`}>
        <span>Departure time</span>
        <SlotSelect id={`${id}-departure-time`} slots={departureSlots} value={departure.minutes} onChange={(minutes) => setDeparture(departure.date, minutes, false)} />
      </label>
    </>
  );
  if (!isGrouped) return <div className="date-filters">{arrive}{exit}</div>;
  return (
    <div className="date-filters date-filters--grouped">
      <fieldset>
        <legend>Arrive After</legend>
        {arrive}
      </fieldset>
      <fieldset>
        <legend>Exit Before</legend>
        {exit}
      </fieldset>
    </div>
  );
}
