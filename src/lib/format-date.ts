/**
 * Dates and times formatted for Romania (23.11.2026, 14:05) whatever the interface language,
 * as the product's conventions ask; a value that is not a date is shown as it came.
 */
const dateTime = new Intl.DateTimeFormat('ro-RO', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
