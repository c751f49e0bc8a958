/** A 30-minute slot picker: one option per offered slot, labelled as the spec writes times. */
import { slotLabel } from '../lib/time-slots';

type Props = { id: string; slots: readonly number[]; value: number; onChange: (minutes: number) => void };

export function SlotSelect({ id, slots, value, onChange }: Props) {
  return (
    <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
      {slots.map((minutes) => (
        <option key={minutes} value={minutes}>
          {slotLabel(minutes)}
        </option>
      ))}
    </select>
  );
}
