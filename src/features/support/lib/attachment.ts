/** The client's check of a ticket image before sending (the server checks the bytes again). */
import { formatDecimal } from '#contract/format-number.ts';
import { TICKET_ATTACHMENT_MAX_BYTES, TICKET_ATTACHMENT_TYPES } from '#contract/support.ts';

export const ATTACHMENT_ACCEPT = TICKET_ATTACHMENT_TYPES.join(',');

/** An i18n key (the server's own messages) when the file cannot go, else null. */
export function attachmentError(file: File): string | null {
  if (!(TICKET_ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return 'validation.attachment_type';
  if (file.size > TICKET_ATTACHMENT_MAX_BYTES) return 'validation.attachment_too_large';
  return null;
}

/** 1.2 MB / 340 KB, for the chosen file's line. */
export function formatFileSize(bytes: number, language: string): string {
  const number = (value: number, digits: number) => formatDecimal(value, language, { maximumFractionDigits: digits });
  if (bytes >= 1024 * 1024) return `${number(bytes / (1024 * 1024), 1)} MB`;
  return `${number(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
}
