/**
 * The phone's way to change times (spec 1 §2.3): a date bar with the start and end (or only the
 * start date for monthly) opens the "Update Search" modal with "Arrive After" and "Exit Before";
 * its Search button applies the draft, closing it keeps the search as it was.
 */
import { useState } from 'react';
import { newYorkDay, newYorkTime } from '../../lib/new-york-time';
import { ModalDialog } from '../../ui/modal-dialog';
import { DateFilters } from './date-filters';
import type { StayTimes } from '../../lib/time-slots';
import type { SearchType } from './search-url';

const shortDay = (instant: number): string => newYorkDay(instant).replace(/, \d{4}$/, '');

export function MobileDateBar({ type, times, now, onChange }: { type: SearchType; times: StayTimes; now: number; onChange: (times: StayTimes) => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const [draft, setDraft] = useState(times);
  return (
    <>
      <button
        type="button"
        className="mobile-date-bar"
        onClick={() => {
          setDraft(times);
          setIsOpen(true);
        }}
      >
        {type === 'MONTHLY' ? (
          <span>Start date {shortDay(times.arrival)}</span>
        ) : (
          <>
            <span>{shortDay(times.arrival)} {newYorkTime(times.arrival)}</span>
            <span aria-hidden="true"> → </span>
            <span className="visually-hidden"> to </span>
            <span>{shortDay(times.departure)} {newYorkTime(times.departure)}</span>
          </>
        )}
      </button>
      {isOpen && (
        <ModalDialog
          title="Update Search"
          onClose={() => setIsOpen(false)}
          actions={
            <button
              type="button"
              className="button"
              onClick={() => {
                setIsOpen(false);
                onChange(draft);
              }}
            >
              Search
            </button>
          }
        >
          <DateFilters type={type} times={draft} now={now} onChange={setDraft} isGrouped />
        </ModalDialog>
      )}
    </>
  );
}
