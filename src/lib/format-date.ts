/**
 * Dates and times formatted for Romania (05.03.2026 and 05.03.2026, 14:05) whatever the
 * interface language, as the product's conventions ask; a value that is not a date is shown as
 * it came. Orders, tickets and notifications all use these.
 */
const date = new Intl.DateTimeFormat('ro-RO', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('ro-RO', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const valid = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

export const formatDate = (iso: string) => {
  const d = valid(iso);
  return d ? date.format(d) : iso;
};

export const formatDateTime = (iso: string) => {
  const d = valid(iso);
  return d ? dateTime.format(d) : iso;
};
