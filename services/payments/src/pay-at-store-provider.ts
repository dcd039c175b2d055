import { randomUUID } from 'node:crypto';
import { AppError } from '@platform/server-kit';
import { assertCents, type Authorization, type AuthorizeOptions, type PaymentEvent, type PaymentProvider, type SavedCard } from './provider';

const PREFIX = 'pay-at-store:';
export const NO_CARDS_AT_STORE = 'This store takes payment at the store: cards are not saved here.';
export const PAYMENT_NOT_FOUND = 'This payment was not found.';
export const CAPTURE_NEEDS_AMOUNT = 'Please enter the amount paid at the store.';

function checkReference(reference: string): void {
  if (!reference.startsWith(PREFIX)) throw new AppError('not_found', PAYMENT_NOT_FOUND);
}

/**
 * Payment at the store (the default without a card provider): nothing is held on a card, so authorize
 * only gives the order a reference, and capture, void and refund record what the store did at the counter.
 */
export class PayAtStoreProvider implements PaymentProvider {
  readonly name = 'pay_at_store' as const;

  async authorize(amountCents: number, _currency: string, _paymentMethodToken: string, _options: AuthorizeOptions): Promise<Authorization> {
    assertCents(amountCents);
    return { reference: `${PREFIX}${randomUUID()}`, status: 'authorized', authorizedCents: 0 };
  }

  /** The store says how much it took; there is no hold to take "all of". */
  /** Nothing is held at a card provider: the store takes the money at the counter. */
  async paymentStatus(reference: string): Promise<Authorization> {
    return { reference, status: 'authorized', authorizedCents: 0 };
  }

  async capture(reference: string, amountCents?: number): Promise<number> {
    checkReference(reference);
    if (amountCents === undefined) throw new AppError('invalid', CAPTURE_NEEDS_AMOUNT);
    assertCents(amountCents);
    return amountCents;
  }

  async void(reference: string): Promise<void> {
    checkReference(reference);
  }

  async refund(reference: string, amountCents: number): Promise<number> {
    checkReference(reference);
    assertCents(amountCents);
    return amountCents;
  }

  async saveCard(): Promise<SavedCard> {
    throw new AppError('unprocessable', NO_CARDS_AT_STORE);
  }

  async listCards(): Promise<SavedCard[]> {
    return [];
  }

  async deleteCard(): Promise<void> {
    throw new AppError('not_found', 'This card was not found.');
  }

  async verifyCallback(): Promise<PaymentEvent> {
    throw new AppError('invalid', 'Payment at the store has no callbacks.');
  }
}
