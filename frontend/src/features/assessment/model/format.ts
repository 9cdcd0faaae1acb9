const dateTimeFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/** Dates are shown the Australian way, e.g. "21 Nov 2025, 2:05 pm". */
export function formatDateTime(value: string | Date): string {
  return dateTimeFormat.format(typeof value === 'string' ? new Date(value) : value);
}

const timeFormat = new Intl.DateTimeFormat('en-AU', { timeStyle: 'short' });

export function formatTime(value: Date): string {
  return timeFormat.format(value);
}
