import { AppError } from '@platform/server-kit';
import { assertCents, type CallOptions, type PaymentProvider } from './provider';

export const REFUND_OVER_PAID = 'A refund cannot be more than was paid.';

/** What the caller's records say of one payment: its reference and the cents captured and already refunded. */
export interface CapturedPayment { reference: string; capturedCents: number; refundedCents: number }

/** The one rule for every provider: all refunds together never exceed what was captured. */
export function assertRefundWithinCaptured(payment: Pick<CapturedPayment, 'capturedCents' | 'refundedCents'>, amountCents: number): void {
  assertCents(amountCents);
  if (payment.refundedCents + amountCents > payment.capturedCents) throw new AppError('unprocessable', REFUND_OVER_PAID);
}

/** Refunds through the provider after the guard; a refused refund sends nothing to the provider. */
export async function refundPayment(provider: PaymentProvider, payment: CapturedPayment, amountCents: number, options?: CallOptions): Promise<number> {
  assertRefundWithinCaptured(payment, amountCents);
  return provider.refund(payment.reference, amountCents, options);
}
