/**
 * A garage's hours as schema.org `openingHours` values ("Mo-Fr 06:00-24:00") from the operator's
 * text ("Mon–Fri 6 AM–Midnight, Sat–Sun 7 AM–11 PM"), for the location page's ParkingFacility
 * data. Closed days and notes ("later on event nights") are left out; a part it cannot read is
 * skipped rather than guessed.
 */
const DAYS: Record<string, string> = { mon: 'Mo', tue: 'Tu', wed: 'We', thu: 'Th', fri: 'Fr', sat: 'Sa', sun: 'Su' };

function day(text: string): string | undefined {
  return DAYS[text.slice(0, 3).toLowerCase()];
}

/** "6 AM" → "06:00", "5:30 PM" → "17:30", "Midnight" → "24:00" (as a closing time), "Noon" → "12:00". */
function time(text: string): string | undefined {
  const clean = text.trim().toLowerCase();
  if (clean === 'midnight') return '24:00';
  if (clean === 'noon') return '12:00';
  const match = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)$/.exec(clean);
  if (!match) return undefined;
  const [, hourText = '', minutes = '00', half] = match;
  const hour = (Number(hourText) % 12) + (half === 'pm' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${minutes}`;
}

export function openingHoursSpec(description: string): string[] {
  if (/open 24 hours/i.test(description)) return ['Mo-Su 00:00-23:59'];
  const hours: string[] = [];
  for (const part of description.split(/[,;]/)) {
    const match = /^\s*([A-Za-z]{3})(?:\s*[–-]\s*([A-Za-z]{3}))?\s+(.+?)\s*[–-]\s*(.+?)\s*$/.exec(part);
    if (!match) continue;
    const [, fromText = '', toText, openText = '', closeText = ''] = match;
    const from = day(fromText);
    const to = toText ? day(toText) : from;
    const [open, close] = [time(openText), time(closeText)];
    if (!from || !to || !open || !close) continue;
    hours.push(`${from === to ? from : `${from}-${to}`} ${open}-${close}`);
  }
  return hours;
}
