/**
 * Arrival and departure: a date and a 30-minute slot each (spec 1 §5, src/lib/time-slots.ts).
 * The fields always show the times the driver chose (from the Reserve link or a picker): a stay
 * the slot rules refuse is never moved silently (issue 38 item 6) — its problems show beside the
 * fields, the fields needing a fix are marked invalid, and "Use the next available times" moves
 * it only when the driver asks. The page asks no rate and takes no payment until it is valid.
 */
import { useId } from 'react';
import { MAX_DAYS_AHEAD, MAX_STAY_DAYS } from '../../contract/rates';
import { addDays, fromWallTime, settleTimes, STAY_PROBLEM_MESSAGES, stayProblems, toWallTime, visibleSlots, type StayTimes } from '../../lib/time-slots';
import { SlotSelect } from '../../ui/slot-select';

type Props = { times: StayTimes; now: number; onChange: (times: StayTimes) => void };

/** The offered slots plus the chosen one when the rules hide it, so the select shows what was chosen. */
const withChosen = (slots: number[], chosen: number): number[] => (slots.includes(chosen) ? slots : [...slots, chosen].sort((a, b) => a - b));

export function StayPickers({ times, now, onChange }: Props) {
  const id = useId();
  const arrival = toWallTime(times.arrival);
  const departure = toWallTime(times.departure);
  const today = toWallTime(now).date;
  const arrivalSlots = withChosen(visibleSlots(arrival.date, now), arrival.minutes);
  const departureSlots = withChosen(visibleSlots(departure.date, now, times.arrival), departure.minutes);
  const problems = stayProblems(times, now);
  const isArrivalWrong = problems.includes('arrival-past') || problems.includes('arrival-too-far');
  const isDepartureWrong = problems.includes('departure-not-after-arrival') || problems.includes('stay-too-long');
  const problemsId = `${id}-problems`;
  const invalid = (isWrong: boolean) => (isWrong ? { 'aria-invalid': true, 'aria-describedby': problemsId } : {});

  const setArrivalDate = (date: string) => {
    if (!date) return;
    const slots = visibleSlots(date, now);
    const minutes = slots.includes(arrival.minutes) || slots.length === 0 ? arrival.minutes : (slots[0] ?? arrival.minutes);
    const next = fromWallTime({ date, minutes });
    // Keep the stay's length when the arrival moves, as a driver expects.
    onChange({ arrival: next, departure: next + Math.max(times.departure - times.arrival, 0) });
  };
  const setArrivalSlot = (minutes: number) => {
    const next = fromWallTime({ date: arrival.date, minutes });
    onChange({ arrival: next, departure: next + Math.max(times.departure - times.arrival, 0) });
  };
  const setDepartureDate = (date: string) => {
    if (!date) return;
    const slots = visibleSlots(date, now, times.arrival);
    const minutes = slots.includes(departure.minutes) || slots.length === 0 ? departure.minutes : (slots[0] ?? departure.minutes);
    onChange({ arrival: times.arrival, departure: fromWallTime({ date, minutes }) });
  };
  const setDepartureSlot = (minutes: number) => onChange({ arrival: times.arrival, departure: fromWallTime({ date: departure.date, minutes }) });

  return (
    <fieldset className="reserve-stay">
      <legend>Date and time</legend>
      <div className="reserve-stay__row">
        <label htmlFor={`${id}-arrival-date`}>Arrival date</label>
        <input id={`${id}-arrival-date`} type="date" value={arrival.date} min={today} max={addDays(today, MAX_DAYS_AHEAD)} onChange={(e) => setArrivalDate(e.target.value)} {...invalid(isArrivalWrong)} />
        <label htmlFor={`${id}-arrival-time`}>Arrival time</label>
        <SlotSelect id={`${id}-arrival-time`} slots={arrivalSlots} value={arrival.minutes} onChange={setArrivalSlot} />
      </div>
      <div className="reserve-stay__row">
        <label htmlFor={`${id}-departure-date`}>Departure date</label>
        <input id={`${id}-departure-date`} type="date" value={departure.date} min={arrival.date} max={addDays(arrival.date, MAX_STAY_DAYS)} onChange={(e) => setDepartureDate(e.target.value)} {...invalid(isDepartureWrong)} />
        <label htmlFor={`${id}-departure-time`}>Departure time</label>
        <SlotSelect id={`${id}-departure-time`} slots={departureSlots} value={departure.minutes} onChange={setDepartureSlot} />
      </div>
      {problems.length > 0 && (
        <div className="notice notice--alert reserve-stay__problems" role="alert" id={problemsId} data-testid="reserve-time-problems">
          {problems.map((problem) => (
            <p key={problem}>{STAY_PROBLEM_MESSAGES[problem]}</p>
          ))}
          <button type="button" className="button button--secondary" onClick={() => onChange(settleTimes(times, now))}>
            Use the next available times
          </button>
        </div>
      )}
    </fieldset>
  );
}
