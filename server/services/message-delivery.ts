/**
 * Delivery of one-time codes behind one interface (issue #4):
 *
 * - OutboxSender: outside production, for any channel without a configured gateway. The message
 *   is stored in `outbox_messages` (readable at GET /api/dev/outbox) and only "code sent to
 *   +407*****567" is logged, never the text.
 * - HttpSmsSender: POST {to, message} as JSON to SMS_GATEWAY_URL with a bearer SMS_GATEWAY_TOKEN.
 * - SmtpSender: nodemailer over SMTP_URL, from MAIL_FROM.
 *
 * In production a channel without a gateway is unavailable: sending throws DeliveryUnavailable
 * (the route answers 503). server/env.ts refuses to start in production with neither gateway.
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Env } from '#server/env.ts';
import type { Database } from '#server/db/client.ts';
import type { MessageChannel } from '#server/repositories/delivery-repository.ts';
import { insertOutboxMessage } from '#server/repositories/outbox-repository.ts';
import { maskEmail, maskPhone } from '#server/lib/phone.ts';

export type { MessageChannel };

export interface OutgoingMessage {
  /** E-mail subject (ignored by SMS). */
  subject?: string;
}

export interface MessageSender {
  send(channel: MessageChannel, recipient: string, body: string, options?: OutgoingMessage): Promise<void>;
}

export class DeliveryUnavailable extends Error {
  constructor(public readonly channel: MessageChannel) {
    super(`no gateway is configured for ${channel} messages`);
  }
}

export const maskRecipient = (channel: MessageChannel, recipient: string) =>
  channel === 'sms' ? maskPhone(recipient) : maskEmail(recipient);

export class OutboxSender implements MessageSender {
  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(channel: MessageChannel, recipient: string, body: string) {
    await insertOutboxMessage(this.db, { channel, recipient, body });
    this.log.info({ channel, to: maskRecipient(channel, recipient), via: 'outbox' }, 'code sent (kept in the development outbox)');
  }
}

export class HttpSmsSender implements MessageSender {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly log: FastifyBaseLogger,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(channel: MessageChannel, recipient: string, body: string) {
    if (channel !== 'sms') throw new DeliveryUnavailable(channel);
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(this.token && { Authorization: `Bearer ${this.token}` }) },
      body: JSON.stringify({ to: recipient, message: body }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    // Drain the body either way; its content is not needed (and could echo the message).
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    this.log.info({ channel, to: maskPhone(recipient), via: 'sms-gateway' }, 'code sent');
  }
}

export class SmtpSender implements MessageSender {
  private readonly transport: ReturnType<typeof nodemailer.createTransport>;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(channel: MessageChannel, recipient: string, body: string, options: OutgoingMessage = {}) {
    if (channel !== 'email') throw new DeliveryUnavailable(channel);
    await this.transport.sendMail({ from: this.from, to: recipient, subject: options.subject ?? body.slice(0, 60), text: body });
    this.log.info({ channel, to: maskEmail(recipient), via: 'smtp' }, 'code sent');
  }

  close() {
    this.transport.close();
  }
}

/** Sends each channel through its own sender; a channel without one is unavailable. */
export class ChannelRouter implements MessageSender {
  constructor(private readonly senders: Partial<Record<MessageChannel, MessageSender>>) {}

  send(channel: MessageChannel, recipient: string, body: string, options?: OutgoingMessage) {
    const sender = this.senders[channel];
    if (!sender) return Promise.reject(new DeliveryUnavailable(channel));
    return sender.send(channel, recipient, body, options);
  }

  available(channel: MessageChannel) {
    return Boolean(this.senders[channel]);
  }
}

/**
 * The sender for this environment: a configured gateway wins; otherwise, outside production,
 * the outbox. Returns a close() for the SMTP pool.
 */
export function createMessageSender(env: Env, db: Database, log: FastifyBaseLogger) {
  const outbox = env.NODE_ENV === 'production' ? undefined : new OutboxSender(db, log);
  const smtp = env.SMTP_URL ? new SmtpSender(env.SMTP_URL, env.MAIL_FROM, log) : undefined;
  const sms = env.SMS_GATEWAY_URL ? new HttpSmsSender(env.SMS_GATEWAY_URL, env.SMS_GATEWAY_TOKEN, log) : undefined;
  const router = new ChannelRouter({ sms: sms ?? outbox, email: smtp ?? outbox });
  if (env.NODE_ENV === 'production') {
    for (const channel of ['sms', 'email'] as const) {
      if (!router.available(channel)) log.warn({ channel }, `no gateway for ${channel} messages: codes by ${channel} cannot be sent`);
    }
  }
  return { sender: router as MessageSender & { available(channel: MessageChannel): boolean }, close: () => smtp?.close() };
}
