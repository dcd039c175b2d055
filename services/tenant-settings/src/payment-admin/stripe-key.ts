import { createStripeClient } from '@platform/payments';

export type StripeKeyVerdict = 'accepted' | 'refused' | 'unreachable';

/**
 * Asks Stripe whether a secret key works, by reading the account's balance (through STRIPE_API_BASE when set:
 * the local stand-in). A key Stripe does not know is 'refused'; one it knows but that may not read balances (a
 * restricted key) is still 'accepted'; Stripe not answering is 'unreachable'. The key and Stripe's text are never logged.
 */
export async function checkStripeKey(secretKey: string, apiBase = process.env.STRIPE_API_BASE): Promise<StripeKeyVerdict> {
  try {
    await createStripeClient(secretKey, apiBase, { maxNetworkRetries: 1, timeout: 10_000 }).balance.retrieve();
    return 'accepted';
  } catch (error) {
    const type = (error as { type?: string }).type;
    if (type === 'StripePermissionError') return 'accepted';
    if (type === 'StripeAuthenticationError' || type === 'StripeInvalidRequestError') return 'refused';
    return 'unreachable';
  }
}
