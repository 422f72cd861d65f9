/**
 * Romanian phone display: +40 followed by 9 digits is shown as "+40 7xx xxx xxx", a national
 * 10-digit number as "07xx xxx xxx" (docs/references.md, Romania). Anything else is left as given.
 */
export function formatPhone(raw: string): string {
  const digits = raw.replace(/[^\d+]/g, '');
  const international = digits.match(/^(?:\+|00)40(\d{3})(\d{3})(\d{3})$/);
  if (international) return `+40 ${international[1]} ${international[2]} ${international[3]}`;
  const national = digits.match(/^0(\d{3})(\d{3})(\d{3})$/);
  if (national) return `0${national[1]} ${national[2]} ${national[3]}`;
  return raw;
}
