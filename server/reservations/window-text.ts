/** "Wed, Nov 25, 6:00 PM – 9:00 PM" in New York time, for mails and calendar files. */
const dateFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short', month: 'short', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' });

export function formatLocalWindow(entryUtc: string, exitUtc: string): string {
  const entry = new Date(entryUtc);
  const exit = new Date(exitUtc);
  const sameDay = dateFormat.format(entry) === dateFormat.format(exit);
  return sameDay
    ? `${dateFormat.format(entry)}, ${timeFormat.format(entry)} – ${timeFormat.format(exit)}`
    : `${dateFormat.format(entry)}, ${timeFormat.format(entry)} – ${dateFormat.format(exit)}, ${timeFormat.format(exit)}`;
}
