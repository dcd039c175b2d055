import type { CarrierInfo, ConnectedCarrier, LabelCarrierOption, VerifiedAddress } from '@platform/contracts';
import {
  accountNumberProblem, apiKeyProblem, CARRIER_KEY_REFUSED, carrierNotAnswering, carrierNotConnected, countryCode, deliveryAddressProblems, DROP_SHIP_SUPPLIERS,
  easyPostKeyMode, isDropShipSupplier, LABEL_CARRIER_NAMES, storeCredentialsRefused, SUPPLIER_ACCOUNT_NUMBER_LABELS, supplierCredentialsRefused,
  type DropShipSupplier, type LabelCarrierId,
} from '@platform/domain';
import { scoped } from '@platform/db';
import { dropShipCarrier, dropShipOffered, EasyPostCarrier, EasyPostLabels, LabelCarrierError, type DropShipCarrier, type LabelCarrier } from '@platform/cart';
import { AppError, openSecret, rejectFieldProblems, sealSecret, type RequestContext } from '@platform/server-kit';
import { getShippingCarrierAccount, saveShippingCarrierAccount, type ShippingCarrierAccount } from '@platform/tenant-settings';
import { ADDRESS_NOT_SHIPPABLE, SHIP_WITHIN_US } from '../checkout-steps';
import { DropShipAccount, type StoredDropShipAccount } from './models';

/**
 * The carriers admin (spec 3 §7 carrier admin): the platform's label carriers, the ones the store connected (its
 * EasyPost account and its suppliers' drop-ship accounts, whose keys are stored sealed and never answered), the
 * carrier accounts or warehouses inside each, and EasyPost's address verification. See docs/SHIPPING-LABELS.md.
 */

const EASYPOST: Omit<LabelCarrierOption, 'connected' | 'can_change'> = {
  id: 'easypost', name: 'EasyPost',
  description: 'Buy and print labels for USPS, UPS, FedEx and the other carriers connected to your EasyPost account; checkout also quotes its live rates.',
  fields: [{ key: 'api_key', label: 'API key', secret: true, help: 'In your EasyPost dashboard under API Keys: a test key (EZTK…) buys test labels, a production key (EZAK…) real ones.' }],
};

/** The supplier's drop-ship form: the member or customer number, and the API key. */
const supplierOption = (supplier: DropShipSupplier): Omit<LabelCarrierOption, 'connected' | 'can_change'> => ({
  id: supplier, name: `${LABEL_CARRIER_NAMES[supplier]} drop-ship`,
  description: supplier === 'doitbest'
    ? "Send a shipping order to Do it Best: an RSC (Retail Service Center) packs the lines and ships them to the customer, and the store is billed the freight."
    : "Send a shipping order to Emery: its warehouse packs the lines and ships them to the customer, and the store is billed the freight.",
  fields: [
    { key: 'account_number', label: SUPPLIER_ACCOUNT_NUMBER_LABELS[supplier], secret: false, help: `The store's ${SUPPLIER_ACCOUNT_NUMBER_LABELS[supplier].toLowerCase()} with ${LABEL_CARRIER_NAMES[supplier]}.` },
    { key: 'api_key', label: 'API key', secret: true, help: `The drop-ship API key ${LABEL_CARRIER_NAMES[supplier]} issued to the store.` },
  ],
});

/** The store's connected account, or 409: every label call needs it. */
export async function connectedAccount(ctx: RequestContext): Promise<ShippingCarrierAccount> {
  const account = await getShippingCarrierAccount(ctx);
  if (account.adapter !== 'easypost') throw new AppError('conflict', carrierNotConnected('easypost'));
  return account;
}

/** The store's drop-ship accounts (at most one per supplier: a small collection), their keys still sealed. */
const storedSupplierAccounts = async (ctx: RequestContext) => (await DropShipAccount.find(scoped(ctx)).lean()) as unknown as StoredDropShipAccount[];

/** A supplier's drop-ship service with the store's credentials, or 409 when the store has not connected it (or the platform does not offer it). */
export async function supplierCarrier(ctx: RequestContext, supplier: DropShipSupplier): Promise<DropShipCarrier> {
  const stored = (await storedSupplierAccounts(ctx)).find((a) => a.supplier === supplier);
  const apiKey = stored ? openSecret(stored.apiKey) : null;
  if (!stored || !apiKey || !dropShipOffered(supplier)) throw new AppError('conflict', carrierNotConnected(supplier));
  return dropShipCarrier(supplier, { accountNumber: stored.accountNumber, apiKey });
}

/** The adapter a label was bought through (its refund goes there), with the store's credentials. */
export async function labelCarrierFor(ctx: RequestContext, provider: string): Promise<LabelCarrier> {
  if (isDropShipSupplier(provider)) return supplierCarrier(ctx, provider);
  return new EasyPostLabels((await connectedAccount(ctx)).apiKey);
}

/** A carrier's failure with the store's own credentials as our answer: 409 the key, 422 the carrier's refusal, 503 no answer. */
export function carrierFailure(error: unknown, log?: (err: unknown) => void, carrier: LabelCarrierId = 'easypost'): never {
  if (!(error instanceof LabelCarrierError)) throw error;
  if (error.kind === 'key') throw new AppError('conflict', storeCredentialsRefused(carrier));
  if (error.kind === 'refused') throw new AppError('unprocessable', `${LABEL_CARRIER_NAMES[carrier]} refused this: ${error.message}`);
  log?.(error);
  throw new AppError('unavailable', carrierNotAnswering(carrier));
}

const connectedView = (account: ShippingCarrierAccount): ConnectedCarrier => ({
  id: 'easypost', name: EASYPOST.name, description: account.description ?? '', mode: easyPostKeyMode(account.apiKey), key_last4: account.apiKey.slice(-4),
  connected_at: account.connectedAt ? new Date(account.connectedAt).toISOString() : null, connected_by: account.connectedBy ?? null, account_number: null,
});
const supplierView = (account: StoredDropShipAccount): ConnectedCarrier => ({
  id: account.supplier, name: `${LABEL_CARRIER_NAMES[account.supplier]} drop-ship`, description: account.description ?? '', mode: 'unknown',
  key_last4: (openSecret(account.apiKey) ?? '').slice(-4), account_number: account.accountNumber,
  connected_at: new Date(account.connectedAt).toISOString(), connected_by: account.connectedBy ?? null,
});
const offeredSuppliers = () => DROP_SHIP_SUPPLIERS.filter(dropShipOffered);

/**
 * GET admin/shipping/getAvailableCarriers: the carriers the platform can connect (EasyPost, and each supplier whose
 * drop-ship service the platform is set up for), whether the store has, and whether the caller may change that.
 */
export async function availableCarriers(ctx: RequestContext): Promise<LabelCarrierOption[]> {
  const [account, suppliers] = await Promise.all([getShippingCarrierAccount(ctx), storedSupplierAccounts(ctx)]);
  const canChange = Boolean(ctx.caller?.isAdmin && !ctx.caller.isSubAccount);
  return [
    { ...EASYPOST, connected: account.adapter === 'easypost', can_change: canChange },
    ...offeredSuppliers().map((supplier) => ({ ...supplierOption(supplier), connected: suppliers.some((a) => a.supplier === supplier), can_change: canChange })),
  ];
}

/** GET admin/shipping/getCarriers: the carriers the store connected: its EasyPost account, its suppliers' drop-ship accounts. */
export async function connectedCarriers(ctx: RequestContext): Promise<ConnectedCarrier[]> {
  const [account, suppliers] = await Promise.all([getShippingCarrierAccount(ctx), storedSupplierAccounts(ctx)]);
  const offered = offeredSuppliers();
  return [
    ...(account.adapter === 'easypost' ? [connectedView(account)] : []),
    ...suppliers.filter((a) => offered.includes(a.supplier)).sort((a, b) => a.supplier.localeCompare(b.supplier)).map(supplierView),
  ];
}

/** GET admin/shipping/{id}/info: a connected carrier with the carrier accounts EasyPost has for it, or the warehouses a supplier ships from. */
export async function carrierInfo(ctx: RequestContext, id: string, log: (err: unknown) => void): Promise<CarrierInfo> {
  if (isDropShipSupplier(id)) {
    const stored = (await storedSupplierAccounts(ctx)).find((a) => a.supplier === id);
    if (!stored || !dropShipOffered(id)) throw new AppError('not_found', 'This carrier is not connected.');
    const accounts = await (await supplierCarrier(ctx, id)).accounts().catch((error) => carrierFailure(error, log, id));
    return { ...supplierView(stored), accounts };
  }
  const account = await getShippingCarrierAccount(ctx);
  if (id !== 'easypost' || account.adapter !== 'easypost') throw new AppError('not_found', 'This carrier is not connected.');
  const accounts = await new EasyPostLabels(account.apiKey).accounts().catch((error) => carrierFailure(error, log));
  return { ...connectedView(account), accounts };
}

/**
 * A supplier's drop-ship account: the number and key checked, then tried with the supplier (its warehouses): refused
 * credentials are 422 and nothing is saved. The key is sealed before it is stored.
 */
async function connectSupplier(ctx: RequestContext, supplier: DropShipSupplier, input: { credentials: { api_key: string; account_number?: string }; description?: string }, log: (err: unknown) => void) {
  const accountNumber = (input.credentials.account_number ?? '').trim();
  const apiKey = input.credentials.api_key.trim();
  rejectFieldProblems({
    ...(accountNumberProblem(supplier, accountNumber) ? { 'credentials.account_number': accountNumberProblem(supplier, accountNumber)! } : {}),
    ...(/^[\x21-\x7e]{8,200}$/.test(apiKey) ? {} : { 'credentials.api_key': `Please give the drop-ship API key ${LABEL_CARRIER_NAMES[supplier]} issued to the store (at least 8 characters, no spaces).` }),
  });
  try {
    await dropShipCarrier(supplier, { accountNumber, apiKey }).accounts();
  } catch (error) {
    if (error instanceof LabelCarrierError && error.kind === 'key') rejectFieldProblems({ 'credentials.api_key': supplierCredentialsRefused(supplier) });
    carrierFailure(error, log, supplier);
  }
  await DropShipAccount.updateOne(scoped(ctx, { supplier }), {
    $set: { accountNumber, apiKey: sealSecret(apiKey), description: (input.description ?? '').trim(), connectedAt: new Date(), connectedBy: ctx.caller?.slug ?? null },
  }, { upsert: true });
  const saved = (await connectedCarriers(ctx)).find((c) => c.id === supplier)!;
  return {
    status: 'success',
    message: `${LABEL_CARRIER_NAMES[supplier]} drop-ship is connected. Shipping orders can now be sent to ${LABEL_CARRIER_NAMES[supplier]} from their Prepare screen.`,
    data: saved,
  };
}

/**
 * POST admin/shipping/addCarrier {carrier, credentials: {api_key}, description?}: connects (or reconnects with a new
 * key) the store's EasyPost account. EasyPost is asked first (its carrier accounts, with the key): a refused key is
 * 422 and nothing is saved. The key is sealed (AES-256-GCM) before it is stored; checkout quotes with it from now on.
 */
export async function addCarrier(ctx: RequestContext, input: { carrier: string; credentials: { api_key: string; account_number?: string }; description?: string }, log: (err: unknown) => void) {
  const offered = ['easypost', ...offeredSuppliers()];
  if (!offered.includes(input.carrier)) rejectFieldProblems({ carrier: `Choose a carrier the platform offers: ${offered.join(', ')}.` });
  if (isDropShipSupplier(input.carrier)) return connectSupplier(ctx, input.carrier, input, log);
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
  if (isDropShipSupplier(carrierId)) {
    const removed = await DropShipAccount.deleteOne(scoped(ctx, { supplier: carrierId }));
    if (!removed.deletedCount) throw new AppError('not_found', 'This carrier is not connected.');
    return { status: 'success', message: `${LABEL_CARRIER_NAMES[carrierId]} drop-ship is disconnected and its key forgotten. Orders sent to it already keep their tracking and packing slips.` };
  }
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
