/** Dates of orders in Romanian style (23.11.2026, 14:05), whatever the interface language. */
const date = new Intl.DateTimeFormat('ro-RO', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('ro-RO', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

const valid = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};
export const formatOrderDate = (iso: string) => { const d = valid(iso); return d ? date.format(d) : iso; };
export const formatOrderDateTime = (iso: string) => { const d = valid(iso); return d ? dateTime.format(d) : iso; };
