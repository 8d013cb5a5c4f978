const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' });

/**
 * A moment in the admin's own time zone, in the spec's date format with the time after it
 * ('Jun 01, 2025, 02:05 PM'): when a message arrived, when an audited change happened.
 */
export const formatDateTime = (iso: string): string => dateTimeFormat.format(new Date(iso));

/** The date part alone ('Jun 01, 2025'), for a column that puts the time under it. */
export const formatDate = (iso: string): string => dateFormat.format(new Date(iso));

/** The time part alone ('02:05 PM'). */
export const formatTime = (iso: string): string => timeFormat.format(new Date(iso));
