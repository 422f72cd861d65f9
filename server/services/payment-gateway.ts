/**
 * Card payments (issue #5, ADR 007). `PaymentGateway` starts a payment for the orders of one
 * place-order call and answers where to send the shopper. Outside production the default is the
 * sandbox (routes/payments.ts): a page on our own server with Approve and Decline. In production
 * no gateway is configured yet, so card payment is refused (cash on delivery works).
 */
import type { Env } from '#server/env.ts';

export interface PaymentRequest {
  paymentId: string;
  amount: number;
  orderNumbers: string[];
}

export interface PaymentGateway {
  readonly provider: string;
  /** The URL the shopper opens to pay (absolute or same-origin path). */
  start(payment: PaymentRequest): Promise<{ url: string }>;
}

export const sandboxGateway: PaymentGateway = {
  provider: 'sandbox',
  async start(payment) {
    return { url: `/api/payments/sandbox/${encodeURIComponent(payment.paymentId)}` };
  },
};

/** The gateway for this environment, or null when card payments are not available. */
export function paymentGatewayFor(env: Pick<Env, 'NODE_ENV'>): PaymentGateway | null {
  return env.NODE_ENV === 'production' ? null : sandboxGateway;
}
