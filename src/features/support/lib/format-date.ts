/** Ticket dates in the interface's language: 05.03.2026, 14:05 (ro-RO) or 5 Mar 2026, 14:05 (en). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string) {
  const locale = language.startsWith('en') ? 'en-GB' : 'ro-RO';
  let found = formatters.get(locale);
  if (!found) {
    found =
      locale === 'ro-RO'
        ? new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
        : new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
    formatters.set(locale, found);
  }
  return found;
}

export function formatTicketDate(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter(language).format(date);
}
