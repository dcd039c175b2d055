import { Type } from 'typebox';
import { LoginResponse, SubAccount } from '@platform/contracts';
import { INVALID_EMAIL, isValidEmail, LIMITED_PERMISSIONS, PERMISSIONS } from '@platform/domain';
import { AppError, errorAnswers, requireAdmin, requirePermission, storeLinkOrigin, type ServicePlugin } from '@platform/server-kit';
import { confirmPassword, customerDetails, deleteAccount, endSession, listSessions, logoutOthers, saveCustomerStore, sendPhoneChangeCode, setMarketing, setSms, signup, updateEmail, updateName, updatePassword, updatePhone } from './account';
import { addCard, deleteCard, listCards, ProviderCardVault } from './cards';
import { validateCheckoutInfo } from './checkout-phone';
import { emailCampaignRoutes } from './email-campaigns/routes';
import { customersAdminRoutes } from './customers-admin/routes';
import { newsletterRoutes } from './newsletter/routes';
import { refreshCustomer } from './customers-admin/customer-index';
import { completeMfa, disableMfa, loadMfa, setupMfa, submitMfa } from './mfa';
import { createRateLimits } from './rate-limits';
import { keepKeyHoldersIn } from './keys';
import { changeSubAccountPassword, createSubAccount, deleteSubAccount, listSubAccounts, updateSubAccount } from './sub-accounts';
import {
  accountExists, forgetPassword, loginByToken, loginWithCode, loginWithPassword, logout, resetPassword, sendMagicLink, sendOtp, useMagicLink, type IdentityIo,
} from './service';

const tags = ['identity'];
const Email = Type.String({ maxLength: 254 });
const Phone = Type.String({ maxLength: 20 });
const Password = Type.String({ maxLength: 200 });
const DeviceId = Type.Optional(Type.String({ maxLength: 10 }));
const Status = Type.Object({ status: Type.String(), message: Type.String() });
const CustomerDetails = Type.Object({
  slug: Type.String(), first_name: Type.String(), last_name: Type.String(), email: Type.String(), telephone: Type.String(),
  /** null: never answered (spec 2 'marketing default unset'), e-mailed no marketing. */
  receive_marketing: Type.Union([Type.Boolean(), Type.Null()]), receive_sms: Type.Boolean(), account_number: Type.String(), custom_info: Type.Record(Type.String(), Type.Unknown()),
  /** The store the customer last chose (save-customer-stores), or null. */
  store_id: Type.Union([Type.Integer(), Type.Null()]),
});
const WithDetails = Type.Object({ status: Type.String(), message: Type.String(), data: CustomerDetails });
/** Spec 2 §7 sends the account calls' token as `?access_token=` (the bearer header wins when both come). */
const TokenQuery = Type.Object({ access_token: Type.Optional(Type.String({ maxLength: 200 })) });
const tokenInQuery = { accessTokenIn: 'query' } as const;
const tokenInBody = { accessTokenIn: 'body' } as const;


export const identityRoutes: ServicePlugin = async (app) => {
  const io: IdentityIo = {
    redis: app.resources.redis, prefix: app.resources.queuePrefix, queues: app.resources.queues,
    limit: createRateLimits(app.resources.redis, app.resources.queuePrefix),
  };
  const stopKeepingKeys = keepKeyHoldersIn({ redis: app.resources.redis, prefix: app.resources.queuePrefix });
  app.addHook('onClose', async () => stopKeepingKeys());
  await app.register(emailCampaignRoutes);
  await app.register(customersAdminRoutes);
  await app.register(newsletterRoutes);
  /** After the signed-in shopper's own change: the admin's Customers list reads the account anew. */
  const relisted = async <T>(ctx: { tenantId: string; caller: { customerId: string } | null }, answer: T): Promise<T> => {
    if (ctx.caller) await refreshCustomer(io, ctx.tenantId, ctx.caller.customerId);
    return answer;
  };

  app.post('/login', {
    schema: {
      tags, summary: "Sign in with e-mail and password, or phone and the texted code; remember: 'Keep me signed in' (default on)",
      body: Type.Object({
        email: Type.Optional(Email), password: Type.Optional(Password),
        phone: Type.Optional(Phone), telephone: Type.Optional(Phone), code: Type.Optional(Type.String({ maxLength: 10 })),
        remember: Type.Optional(Type.Boolean()), device_id: DeviceId,
      }),
      response: { 200: LoginResponse, ...errorAnswers(422, 429) },
    },
  }, async (request) => {
    const body = request.body;
    const phone = body.phone ?? body.telephone;
    if (phone !== undefined) return loginWithCode(request.ctx, io, request.ip, { telephone: phone, code: body.code ?? '', remember: body.remember });
    const errors: Record<string, string[]> = {};
    if (!body.email || !isValidEmail(body.email)) errors.email = [INVALID_EMAIL];
    if (!body.password) errors.password = ['Please enter your password.'];
    if (Object.keys(errors).length) throw new AppError('invalid', 'The given data was invalid.', errors);
    return loginWithPassword(request.ctx, io, request.ip, { email: body.email!, password: body.password!, remember: body.remember });
  });

  app.post('/verify-otp', {
    schema: {
      tags, summary: 'Sign in with the phone and the 4-digit code texted to it',
      body: Type.Object({ telephone: Phone, otp: Type.String({ maxLength: 10 }), remember: Type.Optional(Type.Boolean()), device_id: DeviceId }),
      response: { 200: LoginResponse, ...errorAnswers(422, 429) },
    },
  }, async (request) => loginWithCode(request.ctx, io, request.ip, { telephone: request.body.telephone, code: request.body.otp, remember: request.body.remember }));

  app.post('/orders/validate-info', {
    schema: {
      tags, summary: "Checkout's contact details before Payment; where the store asks, the mobile number confirmed with a texted 4-digit code (first call texts it, a call with code checks it)",
      body: Type.Object({
        first_name: Type.String({ maxLength: 100 }), last_name: Type.String({ maxLength: 100 }), email: Type.String({ maxLength: 200 }), telephone: Type.String({ maxLength: 20 }),
        code: Type.Optional(Type.String({ maxLength: 10 })), device_id: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{10}$' })),
      }),
      response: { 200: Type.Object({ status: Type.String(), message: Type.String(), verification_required: Type.Boolean() }), ...errorAnswers(422, 429) },
    },
  }, async (request) => {
    const shopper = request.ctx.caller && !request.ctx.caller.isAdmin ? request.ctx.caller.slug : request.body.device_id;
    if (!shopper) throw new AppError('unprocessable', 'Please reload the page and try again.', { device_id: ['is required for guests'] });
    return validateCheckoutInfo(request.ctx, io, request.ip, shopper, request.body);
  });

  app.post('/send-otp', {
    schema: { tags, summary: 'Texts a 4-digit sign-in code (10 minutes, 5 tries) to a phone with an account', body: Type.Object({ telephone: Phone }), response: { 200: Status, ...errorAnswers(422, 429) } },
  }, async (request) => sendOtp(request.ctx, io, request.ip, request.body.telephone));

  app.post('/check-email-phone-exists', {
    schema: {
      tags, summary: 'Whether an account uses the e-mail or phone (the login form then asks for the password or code, or opens registration)',
      body: Type.Object({ email: Type.Optional(Email), telephone: Type.Optional(Phone) }),
      response: { 200: Type.Object({ status: Type.String(), exists: Type.Boolean(), master_login: Type.Boolean() }), ...errorAnswers(422, 429) },
    },
  }, async (request) => accountExists(request.ctx, io, request.ip, request.body));

  app.post('/send-magic-link', {
    schema: { tags, summary: 'E-mails a one-time sign-in link (15 minutes, once)', body: Type.Object({ email: Email }), response: { 200: Status, ...errorAnswers(422, 429) } },
  }, async (request) => sendMagicLink(request.ctx, io, request.ip, { email: request.body.email, origin: await storeLinkOrigin(request) }));

  app.post('/use-magic-link', {
    schema: {
      tags, summary: "Signs in with a one-time link's token",
      body: Type.Object({ email: Email, magicLinkToken: Type.String({ maxLength: 100 }), device_id: DeviceId }),
      response: { 200: LoginResponse, ...errorAnswers(422, 429) },
    },
  }, async (request) => useMagicLink(request.ctx, io, request.ip, request.body));

  app.post('/forget-password', {
    schema: { tags, summary: 'E-mails a 6-digit password reset code (30 minutes, once)', body: Type.Object({ email: Email }), response: { 200: Status, ...errorAnswers(422, 429) } },
  }, async (request) => forgetPassword(request.ctx, io, request.ip, request.body.email));

  app.post('/reset-password', {
    schema: {
      tags, summary: 'Sets a new password with the e-mailed code; every session of the account ends',
      body: Type.Object({ email: Email, code: Type.String({ maxLength: 10 }), password: Password, password_confirmation: Password }),
      response: { 200: Status, ...errorAnswers(422, 429) },
    },
  }, async (request) => resetPassword(request.ctx, io, request.ip, request.body));

  app.post('/login-by-token', {
    schema: { tags, summary: 'The signed-in user for an access token (admin links carry one)', body: Type.Object({ token: Type.String({ maxLength: 200 }) }), response: { 200: LoginResponse } },
  }, async (request) => loginByToken(request.ctx, request.body.token));

  app.post('/logout', {
    schema: {
      tags, summary: 'Sign out: revokes the access token',
      querystring: Type.Object({ access_token: Type.Optional(Type.String({ maxLength: 200 })) }),
      response: { 200: Status },
    },
  }, async (request) => {
    await logout(request.ctx, io, request.query.access_token);
    return { status: 'success', message: 'You have been signed out.' };
  });

  app.post('/signup', {
    schema: {
      tags, summary: 'Registers a customer (member info and the store\'s custom fields); field errors come back under each field',
      body: Type.Object({
        first_name: Type.String({ maxLength: 50 }), last_name: Type.String({ maxLength: 50 }), telephone: Phone, email: Email, password: Password, c_password: Password,
        account_number: Type.Optional(Type.String({ maxLength: 50 })), receive_sms: Type.Optional(Type.Boolean()), receive_marketing: Type.Optional(Type.Boolean()),
        custom_info: Type.Optional(Type.Record(Type.String({ maxLength: 60 }), Type.Union([Type.String({ maxLength: 500 }), Type.Boolean(), Type.Null()]))),
        device_id: DeviceId,
      }),
      response: { 200: Status, ...errorAnswers(422, 429) },
    },
  }, async (request) => signup(request.ctx, io, request.ip, request.body));

  app.get('/get-customer-details', {
    config: tokenInQuery,
    schema: { tags, summary: "The signed-in customer's own details", querystring: TokenQuery, response: { 200: Type.Object({ data: CustomerDetails }) } },
  }, async (request) => ({ data: await customerDetails(request.ctx) }));

  app.post('/customer/name', {
    config: tokenInQuery,
    schema: { tags, summary: 'Changes the signed-in customer\'s name', querystring: TokenQuery, body: Type.Object({ first_name: Type.String({ maxLength: 50 }), last_name: Type.String({ maxLength: 50 }) }), response: { 200: WithDetails, ...errorAnswers(422) } },
  }, async (request) => relisted(request.ctx, await updateName(request.ctx, request.body)));

  app.post('/customer/email', {
    config: tokenInQuery,
    schema: { tags, summary: 'Changes the e-mail (the current password confirms it)', querystring: TokenQuery, body: Type.Object({ email: Email, password: Password }), response: { 200: WithDetails, ...errorAnswers(422, 429) } },
  }, async (request) => relisted(request.ctx, await updateEmail(request.ctx, io, request.ip, request.body)));

  app.post('/customer/password', {
    config: tokenInQuery,
    schema: {
      tags, summary: 'Changes the password (the current one confirms it); other sessions end', querystring: TokenQuery,
      body: Type.Object({ current_password: Password, password: Password, password_confirmation: Password }), response: { 200: Status, ...errorAnswers(422, 429) },
    },
  }, async (request) => updatePassword(request.ctx, io, request.ip, request.body));

  app.post('/verify-password', {
    config: tokenInBody,
    schema: {
      tags, summary: 'The signed-in account\'s password again; for a few minutes this session may turn two-step sign-in on or off',
      body: Type.Object({ password: Password, access_token: Type.Optional(Type.String({ maxLength: 200 })) }), response: { 200: Status, ...errorAnswers(422, 429) },
    },
  }, async (request) => confirmPassword(request.ctx, io, request.ip, request.body.password));

  app.post('/customer/logout-others', {
    schema: { tags, summary: 'Ends every other session of the signed-in account; this one stays', response: { 200: Status } },
  }, async (request) => logoutOthers(request.ctx, io));

  app.get('/customer/sessions', {
    schema: {
      tags, summary: 'Where the signed-in account is signed in: this device first, then by last use',
      response: { 200: Type.Object({ data: Type.Array(Type.Object({ id: Type.String(), device: Type.String(), signed_in_at: Type.String(), last_used_at: Type.String(), current: Type.Boolean() })) }) },
    },
  }, async (request) => listSessions(request.ctx, io));

  app.post('/customer/sessions/end', {
    schema: { tags, summary: 'Signs the account out on one other device', body: Type.Object({ id: Type.String({ maxLength: 40 }) }), response: { 200: Status, ...errorAnswers(422) } },
  }, async (request) => endSession(request.ctx, io, request.body.id));

  app.post('/customer/phone/send-code', {
    schema: { tags, summary: 'Texts a 4-digit code to a new mobile number for the signed-in account (it changes with customer/phone)', body: Type.Object({ telephone: Phone }), response: { 200: Status, ...errorAnswers(422, 429) } },
  }, async (request) => sendPhoneChangeCode(request.ctx, io, request.ip, request.body.telephone));

  app.post('/customer/phone', {
    schema: {
      tags, summary: 'Changes the mobile number, with the code texted to it', body: Type.Object({ telephone: Phone, code: Type.String({ maxLength: 10 }) }), response: { 200: WithDetails, ...errorAnswers(422, 429) },
    },
  }, async (request) => relisted(request.ctx, await updatePhone(request.ctx, io, request.ip, request.body)));

  app.post('/customer/set-sms', {
    schema: { tags, summary: 'The order texts switch', body: Type.Object({ receive_sms: Type.Union([Type.Literal(0), Type.Literal(1)]) }), response: { 200: WithDetails } },
  }, async (request) => relisted(request.ctx, await setSms(request.ctx, request.body.receive_sms)));

  app.post('/customer/set-marketing', {
    config: tokenInQuery,
    schema: { tags, summary: 'The marketing e-mails switch', querystring: TokenQuery, body: Type.Object({ receive_marketing: Type.Union([Type.Literal(0), Type.Literal(1)]) }), response: { 200: WithDetails } },
  }, async (request) => relisted(request.ctx, await setMarketing(request.ctx, request.body.receive_marketing)));

  app.get('/mfa/load', {
    schema: { tags, summary: 'Whether two-step sign-in is on for the signed-in account', response: { 200: Type.Object({ status: Type.String(), enabled: Type.Boolean(), backup_codes_left: Type.Integer() }) } },
  }, async (request) => loadMfa(request.ctx));

  app.post('/mfa/setup', {
    schema: { tags, summary: 'A new authenticator secret (and its otpauth URL for a QR code), in force after setup-complete; after verify-password', response: { 200: Type.Object({ status: Type.String(), secret: Type.String(), otpauth_url: Type.String() }), ...errorAnswers(403) } },
  }, async (request) => setupMfa(request.ctx));

  app.post('/mfa/setup-complete', {
    schema: {
      tags, summary: "Confirms the authenticator with its code; answers 10 single-use backup codes, once",
      body: Type.Object({ code: Type.String({ maxLength: 10 }) }),
      response: { 200: Type.Object({ status: Type.String(), message: Type.String(), backup_codes: Type.Array(Type.String()) }), ...errorAnswers(422) },
    },
  }, async (request) => completeMfa(request.ctx, io, request.body.code));

  app.post('/mfa/disable', {
    schema: { tags, summary: 'Turns two-step sign-in off for the signed-in account (after verify-password)', response: { 200: Status, ...errorAnswers(403) } },
  }, async (request) => disableMfa(request.ctx, io));

  app.post('/mfa/submit', {
    schema: {
      tags, summary: 'Finishes a sign-in that answered mfa: true, with the authenticator code or a backup code (is_backup 1)',
      body: Type.Object({ code: Type.String({ maxLength: 20 }), token: Type.String({ maxLength: 100 }), is_backup: Type.Union([Type.Literal(0), Type.Literal(1)], { default: 0 }) }),
      response: { 200: LoginResponse, ...errorAnswers(422) },
    },
  }, async (request) => submitMfa(request.ctx, io, request.body));

  app.post('/save-customer-stores', {
    config: tokenInBody,
    schema: {
      tags, summary: 'Keeps the store the signed-in customer chose on their account',
      body: Type.Object({ store: Type.Integer({ minimum: 1 }), access_token: Type.Optional(Type.String({ maxLength: 200 })) }), response: { 200: Status, ...errorAnswers(422) },
    },
  }, async (request) => saveCustomerStore(request.ctx, request.body.store));

  app.get('/sub-accounts', {
    preHandler: requireAdmin,
    schema: {
      tags, summary: "The store's staff sub-accounts and their effective permissions (auth=true: the admin app's permission refresh); without manage_sub_accounts, only the caller's own",
      querystring: Type.Object({ auth: Type.Optional(Type.Boolean()) }),
      response: { 200: Type.Object({ 'sub-accounts': Type.Array(SubAccount) }) },
    },
  }, async (request) => ({ 'sub-accounts': await listSubAccounts(request.ctx, io) }));

  // Managing staff accounts (settings › sub-accounts): manage_sub_accounts.
  const Permissions = Type.Array(Type.Union([...PERMISSIONS, ...LIMITED_PERMISSIONS].map((p) => Type.Literal(p))), { maxItems: 30, uniqueItems: true });
  const Details = {
    first_name: Type.String({ maxLength: 50 }), last_name: Type.String({ maxLength: 50 }), email: Email, permissions: Permissions,
    location_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 2147483647 }), Type.Null()], { description: 'The store location it works at (sees only its orders); null: every location' })),
  };
  const Slug = Type.String({ minLength: 1, maxLength: 100 });
  const manageSubAccounts = requirePermission('manage_sub_accounts');
  const bearer = [{ bearer: [] }];
  app.post('/sub-accounts/create', {
    preHandler: manageSubAccounts,
    schema: {
      tags, summary: 'Adds a staff sub-account with the permissions given (at most the caller\'s own)', security: bearer,
      body: Type.Object({ ...Details, password: Password, c_password: Password }), response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: SubAccount }), ...errorAnswers(422) },
    },
  }, async (request) => createSubAccount(request.ctx, request.body));
  app.post('/sub-accounts/update', {
    preHandler: manageSubAccounts,
    schema: {
      tags, summary: "A sub-account's name, e-mail and permissions; its signed-in sessions take the permissions at once", security: bearer,
      body: Type.Object({ slug: Slug, ...Details }), response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: SubAccount }), ...errorAnswers(422) },
    },
  }, async (request) => updateSubAccount(request.ctx, io, request.body));
  app.post('/sub-accounts/change-password', {
    preHandler: manageSubAccounts,
    schema: { tags, summary: "Sets a sub-account's password; its sessions end", security: bearer, body: Type.Object({ slug: Slug, password: Password, c_password: Password }), response: { 200: Status, ...errorAnswers(422) } },
  }, async (request) => changeSubAccountPassword(request.ctx, io, request.body));
  app.post('/sub-accounts/delete', {
    preHandler: manageSubAccounts,
    schema: { tags, summary: 'Removes a sub-account (not one\'s own) and ends its sessions', security: bearer, body: Type.Object({ slug: Slug }), response: { 200: Status, ...errorAnswers(422) } },
  }, async (request) => deleteSubAccount(request.ctx, io, request.body.slug));

  const vault = new ProviderCardVault();
  const SavedCard = Type.Object({ source: Type.String(), brand: Type.String(), last4: Type.String(), exp_month: Type.Integer(), exp_year: Type.Integer() });

  app.get('/customer-cards', {
    schema: { tags, summary: "The signed-in customer's saved cards (the payment provider's references; never card numbers)", response: { 200: Type.Object({ data: Type.Array(SavedCard) }), ...errorAnswers(403, 503) } },
  }, async (request) => ({ data: await listCards(request.ctx, vault) }));

  app.post('/customer-cards/add', {
    schema: {
      tags, summary: "Saves a card from the payment provider's token (newSource); card numbers are refused",
      body: Type.Object({ newSource: Type.String({ minLength: 1, maxLength: 200 }) }),
      // 422: a card number, a token the provider refuses, or a store without a card provider; 409: two first cards at once; 503: the provider did not answer.
      response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: SavedCard }), ...errorAnswers(403, 409, 422, 503) },
    },
  }, async (request) => ({ status: 'success', message: 'Your card has been saved.', data: await addCard(request.ctx, vault, request.body.newSource) }));

  app.post('/customer-cards/delete', {
    schema: { tags, summary: 'Removes one of the signed-in customer\'s saved cards', body: Type.Object({ source: Type.String({ minLength: 1, maxLength: 200 }) }), response: { 200: Status, ...errorAnswers(403, 503) } },
  }, async (request) => {
    await deleteCard(request.ctx, vault, request.body.source);
    return { status: 'success', message: 'Your card has been removed.' };
  });

  app.post('/customer/delete', {
    schema: {
      tags, summary: "Deletes the signed-in shopper's own account (password again): details, saved cards, sessions; saved carts follow through the accounts-closed queue",
      body: Type.Object({ password: Password }), response: { 200: Status, ...errorAnswers(403, 422, 429) },
    },
  }, async (request) => deleteAccount(request.ctx, io, vault, request.ip, request.body.password));
};
