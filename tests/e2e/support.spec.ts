/**
 * Support tickets and the contact form (issue #6) in Chromium against the real server: a shopper
 * opens a ticket with an image, finds it in the list, replies (the reply survives a reload as a
 * draft), closes it after the confirmation; markup in a message stays text; another shopper's
 * ticket is not found; the contact form's per-field errors and its confirmation.
 * (An operator's reply → notification → ticket is left to the notifications tests.)
 */
import { deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext } from '@playwright/test';
import ro from '#src/locales/ro.json' with { type: 'json' };
import { createVerifiedUser, signIn } from './users.ts';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A small solid-colour RGB PNG, made here so the test needs no fixture file. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const SCRIPT = '<script>alert(1)</script>';

async function ticketOf(request: APIRequestContext, token: string, subject: string) {
  const response = await request.post('/api/support-tickets', {
    data: { subject, message: 'Mesajul altui cumpărător, privat.' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data.ticket.ticket_number as string;
}

test('a shopper opens a ticket with an image, finds it, replies and closes it; markup stays text', async ({ page, request }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const session = await createVerifiedUser(request, 'Irina Suport');
  await signIn(page, session);

  await page.goto('/support-tickets');
  await expect(page.getByTestId('tickets-empty')).toBeVisible();
  await page.getByTestId('open-ticket').first().click();
  const form = page.getByTestId('ticket-form');
  await form.getByLabel(ro['tickets.subject']).fill('Colet deteriorat la livrare');
  await form.getByTestId('ticket-priority').click();
  await page.getByRole('option', { name: ro['tickets.priority_high'] }).click();
  await form.getByLabel(ro['tickets.message']).fill(`${SCRIPT}\nCutia a sosit udă și ruptă.`);
  await expect(form.getByTestId('message-counter')).toHaveText(`${SCRIPT.length + 28} / 5000`);
  await form
    .getByTestId('attachment-input')
    .setInputFiles({ name: 'colet.png', mimeType: 'image/png', buffer: png(48, 32, [220, 40, 40]) });
  await form.getByTestId('send-button').click();

  await expect(page).toHaveURL(/\/support-ticket\/T-[0-9A-Z]{10}$/);
  const ticketNumber = page.url().split('/').pop()!;
  await expect(page.getByTestId('ticket-title')).toHaveText('Colet deteriorat la livrare');
  await expect(page.getByTestId('ticket-status')).toHaveAttribute('data-status', 'open');
  await expect(page.getByTestId('ticket-priority')).toHaveText(ro['tickets.priority_high']);
  await expect(page.getByTestId('ticket-message-body').first()).toHaveText(`${SCRIPT}\nCutia a sosit udă și ruptă.`);
  // The image came through the authenticated download and decoded as a picture.
  const image = page.getByTestId('ticket-attachment');
  await expect(image).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);

  // Back to the list inside the app: the new ticket is there (the list was marked stale).
  await page.getByRole('link', { name: ro['tickets.back_to_list'] }).click();
  const row = page.getByTestId('ticket-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(ticketNumber);
  await expect(row).toContainText('Colet deteriorat la livrare');
  await expect(row.getByTestId('ticket-status')).toHaveAttribute('data-status', 'open');
  // The excerpt is text too.
  await expect(row).toContainText(SCRIPT);
  await page.getByTestId('ticket-status-filter').getByText(ro['tickets.status_closed']).click();
  await expect(page.getByTestId('tickets-empty')).toBeVisible();
  await page.getByTestId('ticket-status-filter').getByText(ro['tickets.all']).click();
  await page.getByTestId('ticket-row').click();
  await expect(page).toHaveURL(new RegExp(`/support-ticket/${ticketNumber}$`));

  // A reply typed and then a reload: the draft is still there.
  const reply = page.getByTestId('reply-form');
  await reply.getByLabel(ro['tickets.reply']).fill('Am găsit și factura, o trimit mai jos.');
  await page.reload();
  await expect(page.getByTestId('reply-form').getByLabel(ro['tickets.reply'])).toHaveValue('Am găsit și factura, o trimit mai jos.');
  // Offline: nothing is sent or queued, the button says why, the text stays.
  await page.context().setOffline(true);
  const send = page.getByTestId('reply-form').getByTestId('send-button');
  await expect(send).toHaveText(ro['support_forms.needs_connection']);
  await expect(send).toBeDisabled();
  await expect(page.getByTestId('close-ticket')).toBeDisabled();
  await page.context().setOffline(false);
  await expect(send).toHaveText(ro['tickets.send_reply']);
  await expect(page.getByTestId('reply-form').getByLabel(ro['tickets.reply'])).toHaveValue('Am găsit și factura, o trimit mai jos.');
  await send.click();
  await expect(page.getByTestId('ticket-message')).toHaveCount(2);
  await expect(page.getByTestId('ticket-message').nth(1)).toHaveAttribute('data-author', 'customer');
  await expect(page.getByTestId('ticket-message-body').nth(1)).toHaveText('Am găsit și factura, o trimit mai jos.');
  await expect(page.getByTestId('reply-form').getByLabel(ro['tickets.reply'])).toHaveValue('');

  await page.getByTestId('close-ticket').click();
  const confirm = page.getByRole('dialog', { name: ro['tickets.close'] });
  await expect(confirm).toContainText(ticketNumber);
  await confirm.getByRole('button', { name: ro['common.yes'] }).click();
  await expect(page.getByTestId('ticket-status')).toHaveAttribute('data-status', 'closed');
  await expect(page.getByTestId('reply-form')).toHaveCount(0);
  await expect(page.getByTestId('close-ticket')).toHaveCount(0);
  await expect(page.getByTestId('ticket-closed')).toBeVisible();
  await page.goto('/support-tickets?status=closed');
  await expect(page.getByTestId('ticket-row')).toHaveCount(1);
  expect(dialogs).toEqual([]);
});

test('another shopper’s ticket and a made-up number are not found', async ({ page, request }) => {
  const [owner, stranger] = [await createVerifiedUser(request, 'Dan Proprietar'), await createVerifiedUser(request, 'Ema Străină')];
  const theirs = await ticketOf(request, owner.token, 'Tichetul lui Dan');
  await signIn(page, stranger);
  await page.goto(`/support-ticket/${theirs}`);
  await expect(page.getByTestId('query-state')).toHaveAttribute('data-kind', 'not-found');
  await expect(page.getByText('Tichetul lui Dan')).toHaveCount(0);
  await expect(page.getByText('Mesajul altui cumpărător')).toHaveCount(0);
  await page.goto('/support-ticket/not-a-ticket');
  await expect(page.getByTestId('query-state')).toHaveAttribute('data-kind', 'not-found');
});

test('contact form: per-field errors, e-mail or phone, then the confirmation', async ({ page }) => {
  await page.goto('/contact-us');
  const form = page.getByTestId('contact-form');
  await form.getByTestId('send-button').click();
  await expect(form.getByText(ro['validation.name_required'])).toBeVisible();
  await expect(form.getByText(ro['validation.subject_required'])).toBeVisible();
  await expect(form.getByText(ro['validation.message_required'])).toBeVisible();
  await expect(form.getByText(ro['validation.contact_email_or_phone'])).toHaveCount(2);

  await form.getByLabel(ro['contact.name']).fill('Maria Ionescu');
  await form.getByLabel(ro['contact.subject']).fill('Factură pe firmă');
  await form.getByLabel(ro['contact.message']).fill('Bună ziua, am nevoie de factura pe firmă pentru comanda mea.');
  await form.getByTestId('send-button').click();
  await expect(form.getByText(ro['validation.contact_email_or_phone'])).toHaveCount(2);
  await expect(form.getByText(ro['validation.name_required'])).toHaveCount(0);

  // Digits only, as typed.
  const phone = form.getByLabel(ro['contact.phone']);
  await phone.pressSequentially('0721-234 567');
  await expect(phone).toHaveValue('0721234567');
  await form.getByTestId('send-button').click();
  await expect(page.getByTestId('contact-sent')).toContainText(ro['contact.sent']);
  await expect(page.getByTestId('contact-form')).toHaveCount(0);
  // Sent: the draft is gone, a reload shows an empty form.
  await page.reload();
  await expect(page.getByTestId('contact-form').getByLabel(ro['contact.subject'])).toHaveValue('');
});

test('the support page shows the hours and asks a signed-out visitor to sign in for tickets', async ({ page }) => {
  await page.goto('/support');
  await expect(page.getByTestId('support-hours')).toContainText('09:00 - 17:00');
  await page.getByTestId('support-sign-in').click();
  await expect(page.getByRole('dialog', { name: ro['auth.login_title'] })).toBeVisible();
});
