import { TICKET_NUMBER_PATTERN } from '#contract/support.ts';

/** A ticket number from the address ("t-abc…" → "T-ABC…"), or null when it cannot exist (no request then). */
export function parseTicketNumber(raw: string | undefined): string | null {
  const number = raw?.trim().toUpperCase() ?? '';
  return TICKET_NUMBER_PATTERN.test(number) ? number : null;
}
