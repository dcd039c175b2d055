import type { CarrierInfo, ConnectedCarrier, LabelCarrierOption, VerifiedAddress } from '@platform/contracts';
import {
  apiKeyProblem, CARRIER_KEY_REFUSED, CARRIER_NOT_ANSWERING, CARRIER_NOT_CONNECTED, countryCode, deliveryAddressProblems, easyPostKeyMode, STORE_KEY_REFUSED,
} from '@platform/domain';
import { EasyPostCarrier, EasyPostLabels, LabelCarrierError } from '@platform/cart';
import { AppError, rejectFieldProblems, type RequestContext } from '@platform/server-kit';
import { getShippingCarrierAccount, saveShippingCarrierAccount, type ShippingCarrierAccount } from '@platform/tenant-settings';
import { ADDRESS_NOT_SHIPPABLE, SHIP_WITHIN_US } from '../checkout-steps';

/**
 * The carriers admin (spec 3 §7 carrier admin): the platform's label carriers, the one the store connected (its
 * EasyPost account, whose API key is stored sealed and never answered), the carrier accounts inside it, and
 * EasyPost's address verification. See docs/SHIPPING-LABELS.md.
 */

const EASYPOST: Omit<LabelCarrierOption, 'connected' | 'can_change'> = {
  id: 'easypost', name: 'EasyPost',
  description: 'Buy and print labels for USPS, UPS, FedEx and the other carriers connected to your EasyPost account; checkout also quotes its live rates.',
  fields: [{ key: 'api_key', label: 'API key', secret: true, help: 'In your EasyPost dashboard under API Keys: a test key (EZTK…) buys test labels, a production key (EZAK…) real ones.' }],
};

/** The store's connected account, or 409: every label call needs it. */
export async function connectedAccount(ctx: RequestContext): Promise<ShippingCarrierAccount> {
  const account = await getShippingCarrierAccount(ctx);
  if (account.adapter !== 'easypost') throw new AppError('conflict', CARRIER_NOT_CONNECTED);
  return account;
}

/** A carrier's failure with the store's own key as our answer: 409 the key, 422 EasyPost's refusal, 503 no answer. */
export function carrierFailure(error: unknown, log?: (err: unknown) => void): never {
  if (!(error instanceof LabelCarrierError)) throw error;
  if (error.kind === 'key') throw new AppError('conflict', STORE_KEY_REFUSED);
  if (error.kind === 'refused') throw new AppError('unprocessable', `EasyPost refused this: ${error.message}`);
  log?.(error);
  throw new AppError('unavailable', CARRIER_NOT_ANSWERING);
}

const connectedView = (account: ShippingCarrierAccount): ConnectedCarrier => ({
  id: 'easypost', name: EASYPOST.name, description: account.description ?? '', mode: easyPostKeyMode(account.apiKey), key_last4: account.apiKey.slice(-4),
  connected_at: account.connectedAt ? new Date(account.connectedAt).toISOString() : null, connected_by: account.connectedBy ?? null,
});

/** GET admin/shipping/getAvailableCarriers: the carriers the platform can connect, whether the store has, and whether the caller may change that. */
export async function availableCarriers(ctx: RequestContext): Promise<LabelCarrierOption[]> {
  const account = await getShippingCarrierAccount(ctx);
  return [{ ...EASYPOST, connected: account.adapter === 'easypost', can_change: Boolean(ctx.caller?.isAdmin && !ctx.caller.isSubAccount) }];
}

/** GET admin/shipping/getCarriers: the carriers the store connected (none, or its EasyPost account). */
export async function connectedCarriers(ctx: RequestContext): Promise<ConnectedCarrier[]> {
  const account = await getShippingCarrierAccount(ctx);
  return account.adapter === 'easypost' ? [connectedView(account)] : [];
}

/** GET admin/shipping/{id}/info: a connected carrier with the carrier accounts EasyPost has for it. */
export async function carrierInfo(ctx: RequestContext, id: string, log: (err: unknown) => void): Promise<CarrierInfo> {
  const account = await getShippingCarrierAccount(ctx);
  if (id !== 'easypost' || account.adapter !== 'easypost') throw new AppError('not_found', 'This carrier is not connected.');
  const accounts = await new EasyPostLabels(account.apiKey).accounts().catch((error) => carrierFailure(error, log));
  return { ...connectedView(account), accounts };
}

/**
 * POST admin/shipping/addCarrier {carrier, credentials: {api_key}, description?}: connects (or reconnects with a new
 * key) the store's EasyPost account. EasyPost is asked first (its carrier accounts, with the key): a refused key is
 * 422 and nothing is saved. The key is sealed (AES-256-GCM) before it is stored; checkout quotes with it from now on.
 */
export async function addCarrier(ctx: RequestContext, input: { carrier: string; credentials: { api_key: string }; description?: string }, log: (err: unknown) => void) {
  if (input.carrier !== 'easypost') rejectFieldProblems({ carrier: 'Choose a carrier the platform offers: easypost.' });
  const key = input.credentials.api_key.trim();
  const problem = apiKeyProblem(key);
  if (problem) rejectFieldProblems({ 'credentials.api_key': problem });
  try {
    await new EasyPostLabels(key).accounts();
  } catch (error) {
    if (error instanceof LabelCarrierError && error.kind === 'key') rejectFieldProblems({ 'credentials.api_key': CARRIER_KEY_REFUSED });
    carrierFailure(error, log);
  }
  await saveShippingCarrierAccount(ctx, { apiKey: key, description: (input.description ?? '').trim() });
  const saved = await connectedCarriers(ctx);
  const mode = easyPostKeyMode(key);
  return {
    status: 'success',
    message: `EasyPost is connected${mode === 'test' ? ' with a test key: labels bought now are test labels' : ''}. Checkout quotes its rates from now on.`,
    data: saved[0],
  };
}

/** POST admin/shipping/deleteCarrier {carrier_id}: disconnects it (its key is forgotten); labels bought stay listed and printable. */
export async function deleteCarrier(ctx: RequestContext, carrierId: string) {
  const account = await getShippingCarrierAccount(ctx);
  if (carrierId !== 'easypost' || account.adapter !== 'easypost') throw new AppError('not_found', 'This carrier is not connected.');
  await saveShippingCarrierAccount(ctx, null);
  return { status: 'success', message: "EasyPost is disconnected and its key forgotten. Checkout quotes the store's own shipping rates again." };
}

/**
 * POST admin/shipping/validateAddress: a shipping address checked as checkout checks it (every field, within the
 * US), then verified by EasyPost with the store's account; answered with EasyPost's corrections, or 422 naming the
 * fields EasyPost could not match. Nothing is kept.
 */
export async function verifyShippingAddress(ctx: RequestContext, input: { address?: string; address2?: string; city?: string; state?: string; zip?: string; country?: string }, log: (err: unknown) => void): Promise<VerifiedAddress> {
  const address = {
    address: (input.address ?? '').trim(), address2: (input.address2 ?? '').trim(), city: (input.city ?? '').trim(),
    state: (input.state ?? '').trim().toUpperCase(), zip: (input.zip ?? '').trim(), country: countryCode(input.country),
  };
  const problems: Record<string, string> = { ...deliveryAddressProblems(address) };
  if (address.country !== 'US') problems.country = SHIP_WITHIN_US;
  rejectFieldProblems(problems);
  const account = await connectedAccount(ctx);
  let verification;
  try {
    verification = await new EasyPostCarrier(account.apiKey).verifyAddress(address);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    carrierFailure(new LabelCarrierError(status === 401 || status === 403 ? 'key' : 'unavailable', (error as Error).message), log);
  }
  if (!verification.ok) {
    throw new AppError('unprocessable', ADDRESS_NOT_SHIPPABLE, Object.fromEntries(verification.fields.map((field) => [field, [ADDRESS_NOT_SHIPPABLE]])));
  }
  return { address: { ...verification.address, country: countryCode(verification.address.country) }, verified: true };
}
