/**
 * A month calendar drawn in the page (spec 1 §2.3: "Update Search" has "Arrive After" and "Exit
 * Before" with inline calendars): the days of one month as a grid of buttons, the chosen day
 * pressed, days outside the allowed range (spec 1 §5: minimum and maximum dates) disabled, and
 * the previous / next month within that range. Keyboard as in the WAI-ARIA date picker dialog:
 * one day is in the tab order, the arrow keys move a day or a week, Home/End to the week's
 * ends, Page Up/Down a month, Enter or Space chooses. Dates are New York calendar dates,
 * YYYY-MM-DD, the form every picker of the search uses (src/lib/time-slots.ts).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { addDays } from '../../lib/time-slots';
import { calendarWeeks, monthTitle, shiftMonth } from './calendar-month';

const WEEKDAYS = [
  ['Su', 'Sunday'],
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
] as const;

type Props = {
  /** "Arrival date", "Departure date", "Start date": the grid's name. */
  label: string;
  value: string;
  min: string;
  max: string;
  onChange: (date: string) => void;
};

const clamp = (date: string, min: string, max: string): string => (date < min ? min : date > max ? max : date);

export function InlineCalendar({ label, value, min, max, onChange }: Props) {
  // The day that holds the keyboard focus; the month shown is its month.
  const [focused, setFocused] = useState(value);
  const [isKeyboardMove, setIsKeyboardMove] = useState(false);
  const gridRef = useRef<HTMLTableElement>(null);
  useEffect(() => setFocused(value), [value]);
  useEffect(() => {
    if (isKeyboardMove) gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused, isKeyboardMove]);

  const month = focused.slice(0, 7);
  const moveTo = (date: string, isKeyboard: boolean): void => {
    setIsKeyboardMove(isKeyboard);
    setFocused(clamp(date, min, max));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>): void => {
    const steps: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => addDays(focused, -new Date(`${focused}T00:00:00Z`).getUTCDay()),
      End: () => addDays(focused, 6 - new Date(`${focused}T00:00:00Z`).getUTCDay()),
      PageUp: () => shiftMonth(focused, -1),
      PageDown: () => shiftMonth(focused, 1),
    };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    moveTo(step(), true);
  };

  return (
    <div className="inline-calendar">
      <div className="inline-calendar__head">
        <button type="button" className="inline-calendar__nav" aria-label="Previous month" disabled={month <= min.slice(0, 7)} onClick={() => moveTo(shiftMonth(focused, -1), false)}>
          ‹
        </button>
        <p className="inline-calendar__title" aria-live="polite">
          {monthTitle(month)}
        </p>
        <button type="button" className="inline-calendar__nav" aria-label="Next month" disabled={month >= max.slice(0, 7)} onClick={() => moveTo(shiftMonth(focused, 1), false)}>
          ›
        </button>
      </div>
      <table ref={gridRef} className="inline-calendar__grid" role="grid" aria-label={`${label}, ${monthTitle(month)}`}>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendarWeeks(month).map((week) => (
            <tr key={week.find(Boolean) ?? ''}>
              {week.map((date, index) =>
                date ? (
                  <td key={date} role="gridcell" aria-selected={date === value}>
                    <button
                      type="button"
                      data-date={date}
                      className="inline-calendar__day"
                      aria-pressed={date === value}
                      aria-label={`${Number(date.slice(8))} ${monthTitle(month)}`}
                      disabled={date < min || date > max}
                      tabIndex={date === focused ? 0 : -1}
                      onKeyDown={onKeyDown}
                      onClick={() => {
                        setFocused(date);
                        onChange(date);
                      }}
                    >
                      {Number(date.slice(8))}
                    </button>
                  </td>
                ) : (
                  <td key={`blank-${index}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
