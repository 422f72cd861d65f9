/**
 * The day a reduction started, as Romania writes it (12.11.2026), in Romania's time zone: the
 * server draws the product page (ADR 044) and the browser hydrates it, so both must name the same
 * day whatever their own zone. The formatter is made on first use only (the first load never pays
 * for Intl unless a reduction is shown).
 */
let formatter: Intl.DateTimeFormat | undefined;

export function formatReductionDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  formatter ??= new Intl.DateTimeFormat('ro-RO', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Bucharest' });
  return formatter.format(date);
}
