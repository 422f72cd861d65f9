/**
 * Sends one Web Push message (RFC 8030) with its payload encrypted for the subscription
 * (RFC 8291, Content-Encoding aes128gcm) and signed with our VAPID key (RFC 8292). The `web-push`
 * library builds the request (encryption, VAPID JWT, TTL and Urgency headers); it is posted here
 * with fetch so the scheme of the endpoint is honoured (web-push itself always speaks https, and
 * the API tests stand a plain-http push service on 127.0.0.1) and redirects are not followed.
 */
import webpush from 'web-push';
import type { VapidKeys } from './push-vapid.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushResult =
  | { ok: true; status: number }
  /** `status` 0: no answer (network error, timeout). `retryAfter` in seconds when the service asked for it. */
  | { ok: false; status: number; error: string; retryAfter?: number };

export interface PushSendOptions {
  /** Seconds the push service keeps the message for an offline device. */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  timeoutMs: number;
}

export const DEFAULT_SEND_OPTIONS: PushSendOptions = { ttl: 24 * 3600, urgency: 'normal', timeoutMs: 10_000 };

export async function sendPush(
  target: PushTarget,
  payload: string,
  vapid: VapidKeys,
  options: PushSendOptions = DEFAULT_SEND_OPTIONS,
): Promise<PushResult> {
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
      TTL: options.ttl,
      urgency: options.urgency,
      contentEncoding: 'aes128gcm',
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    });
  } catch (error) {
    // Keys that do not make a P-256 point, or an auth secret of the wrong size: never deliverable.
    return { ok: false, status: -1, error: `cannot encrypt for this subscription: ${(error as Error).message}` };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  try {
    const response = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body ? new Uint8Array(details.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const text = await response.text().catch(() => '');
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
    const retryAfter = Number(response.headers.get('retry-after'));
    return {
      ok: false,
      status: response.status,
      error: `push service answered ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`,
      ...(Number.isFinite(retryAfter) && retryAfter > 0 && { retryAfter }),
    };
  } catch (error) {
    return { ok: false, status: 0, error: `push service unreachable: ${(error as Error).message}` };
  }
}
