import { afterEach, describe, expect, it } from 'vitest';
import { ticketListParams } from './list-params.ts';
import { parseTicketNumber } from './ticket-number.ts';
import { attachmentError, formatFileSize } from './attachment.ts';
import { draftKeys, readDraft } from './drafts.ts';

describe('ticketListParams', () => {
  it('reads a known status and a page; unknown statuses are all and bad pages 1', () => {
    expect(ticketListParams(new URLSearchParams('status=answered&page=2'))).toEqual({ status: 'answered', page: 2 });
    expect(ticketListParams(new URLSearchParams('status=pending&page=-3'))).toEqual({ status: null, page: 1 });
    expect(ticketListParams(new URLSearchParams('page=1.5'))).toEqual({ status: null, page: 1 });
  });
});

describe('parseTicketNumber', () => {
  it('accepts the public number in any case and refuses what cannot exist', () => {
    expect(parseTicketNumber('t-0123456789')).toBe('T-0123456789');
    expect(parseTicketNumber('T-ABCDEFGHJK')).toBe('T-ABCDEFGHJK');
    // I, L, O and U are not Crockford base32 digits; 9 characters are too few.
    expect(parseTicketNumber('T-ABCDEFGHIJ')).toBeNull();
    expect(parseTicketNumber('T-012345678')).toBeNull();
    expect(parseTicketNumber('42')).toBeNull();
    expect(parseTicketNumber(undefined)).toBeNull();
  });
});

describe('attachmentError', () => {
  const file = (type: string, size: number) => {
    const f = new File(['x'], 'photo', { type });
    Object.defineProperty(f, 'size', { value: size });
    return f;
  };
  it('takes JPEG, PNG and WebP up to 5 MB, with the server’s own message keys otherwise', () => {
    expect(attachmentError(file('image/png', 5 * 1024 * 1024))).toBeNull();
    expect(attachmentError(file('image/webp', 10))).toBeNull();
    expect(attachmentError(file('image/png', 5 * 1024 * 1024 + 1))).toBe('validation.attachment_too_large');
    expect(attachmentError(file('image/gif', 10))).toBe('validation.attachment_type');
    expect(attachmentError(file('text/html', 10))).toBe('validation.attachment_type');
  });
  it('writes sizes for people', () => {
    expect(formatFileSize(1536 * 1024, 'ro')).toBe('1,5 MB');
    expect(formatFileSize(1536 * 1024, 'en')).toBe('1.5 MB');
    expect(formatFileSize(300, 'en')).toBe('1 KB');
  });
});

describe('readDraft', () => {
  afterEach(() => localStorage.clear());
  it('keeps only the form’s own fields with the right types, per user', () => {
    const key = draftKeys.ticket(7);
    expect(key).not.toBe(draftKeys.ticket(8));
    localStorage.setItem(key, JSON.stringify({ subject: 'Colet', message: { html: '<b>' }, extra: 'x' }));
    expect(readDraft(key, { subject: '', message: '' })).toEqual({ subject: 'Colet', message: '' });
    localStorage.setItem(key, 'not json');
    expect(readDraft(key, { subject: '' })).toEqual({ subject: '' });
    expect(readDraft(null, { subject: '' })).toEqual({ subject: '' });
  });
});
