import { Type } from 'typebox';
import { CAMPAIGN_BODY_MAX, CAMPAIGN_SUBJECT_MAX, INVALID_EMAIL, isValidEmail, OPT_OUT_LINK_INVALID } from '@platform/domain';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError, errorAnswers, requirePermission, storeLinkOrigin, tooManyAttempts, type ServicePlugin } from '@platform/server-kit';
import { createCampaign, deleteCampaign, listCampaigns, readCampaign, sendCampaign, sendTestCampaign, unsubscribe, updateCampaign } from './service';

const tags = ['email campaigns'];
const security = [{ bearer: [] }];
const Status = Type.Object({ status: Type.String(), message: Type.String() });
const Campaign = Type.Object({
  id: Type.String(), subject: Type.String(), body: Type.String(), status: Type.Union([Type.Literal('draft'), Type.Literal('sending'), Type.Literal('sent')]),
  recipients: Type.Integer(), created_at: Type.String(), updated_at: Type.String(), sent_at: Type.Union([Type.String(), Type.Null()]), sent_by: Type.Union([Type.String(), Type.Null()]),
});
const WithCampaign = Type.Object({ status: Type.String(), message: Type.String(), data: Campaign });
const Content = Type.Object({ subject: Type.String({ maxLength: CAMPAIGN_SUBJECT_MAX * 2 }), body: Type.String({ maxLength: CAMPAIGN_BODY_MAX * 2 }) });
const Id = Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) });

/** The admin's Emails area (view_emails) and the customer's unsubscribe link. */
export const emailCampaignRoutes: ServicePlugin = async (app) => {
  const queues = app.resources.queues;
  const lists = { redis: app.resources.redis, prefix: app.resources.queuePrefix }; // the store's customer index (audience counts)
  const preHandler = requirePermission('view_emails');
  // Test sends go to any address, so a store may send only so many (the platform is no relay for strangers' mail).
  const testSends = new RateLimiterRedis({
    storeClient: app.resources.redis, keyPrefix: `${app.resources.queuePrefix}:rate:campaign-tests`, points: Number(process.env.EMAIL_CAMPAIGN_TESTS_PER_HOUR ?? 20), duration: 3600,
  });

  app.get('/admin/email-campaigns', {
    preHandler,
    schema: { tags, summary: "The store's e-mail campaigns, newest first, and how many customers agreed to marketing e-mails", security, response: { 200: Type.Object({ data: Type.Array(Campaign), audience: Type.Integer() }) } },
  }, async (request) => listCampaigns(request.ctx, lists));

  app.post('/admin/email-campaigns', {
    preHandler,
    schema: { tags, summary: 'Saves a new draft', security, body: Content, response: { 200: WithCampaign, ...errorAnswers(422) } },
  }, async (request) => createCampaign(request.ctx, request.body));

  app.get('/admin/email-campaigns/:id', {
    preHandler,
    schema: { tags, summary: 'One campaign, with the audience it would reach now', security, params: Id, response: { 200: Type.Object({ data: Campaign, audience: Type.Integer() }) } },
  }, async (request) => readCampaign(request.ctx, lists, request.params.id));

  app.post('/admin/email-campaigns/:id', {
    preHandler,
    schema: { tags, summary: "Changes a draft's subject and message (409 once sent)", security, params: Id, body: Content, response: { 200: WithCampaign, ...errorAnswers(409, 422) } },
  }, async (request) => updateCampaign(request.ctx, request.params.id, request.body));

  app.delete('/admin/email-campaigns/:id', {
    preHandler,
    schema: { tags, summary: 'Deletes a draft (409 once sent)', security, params: Id, response: { 200: Status, ...errorAnswers(409) } },
  }, async (request) => deleteCampaign(request.ctx, request.params.id));

  app.post('/admin/email-campaigns/:id/test', {
    preHandler,
    schema: { tags, summary: 'Sends the saved campaign, marked [Test], to one address (20 an hour per store; 429 past that)', security, params: Id, body: Type.Object({ to: Type.String({ maxLength: 254 }) }), response: { 200: Status, ...errorAnswers(422, 429) } },
  }, async (request) => {
    const to = request.body.to.trim().toLowerCase();
    if (!isValidEmail(to)) throw new AppError('unprocessable', INVALID_EMAIL, { to: [INVALID_EMAIL] });
    try {
      await testSends.consume(request.ctx.tenantId);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooManyAttempts(error.msBeforeNext);
      throw error;
    }
    return sendTestCampaign(request.ctx, queues, request.params.id, to, await storeLinkOrigin(request));
  });

  app.post('/admin/email-campaigns/:id/send', {
    preHandler,
    schema: {
      tags, summary: 'Sends a draft to every customer who agreed to marketing e-mails (audience: the count the admin confirmed; 409 if it changed)', security,
      params: Id, body: Type.Object({ audience: Type.Integer({ minimum: 0 }) }), response: { 200: WithCampaign, ...errorAnswers(409, 422) },
    },
  }, async (request) => sendCampaign(request.ctx, queues, lists, request.params.id, request.body.audience));

  // Mail apps' own unsubscribe button (RFC 8058 one-click) posts a form to the List-Unsubscribe address.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const Token = Type.String({ minLength: 1, maxLength: 200 });
  app.post('/unsubscribe', {
    schema: {
      tags, summary: "A campaign e-mail's unsubscribe link: that customer gets no more marketing e-mails. The token comes in the body (the /unsubscribe page) or the query (a mail app's one-click button)",
      querystring: Type.Object({ token: Type.Optional(Token) }), body: Type.Optional(Type.Object({ token: Type.Optional(Token) })), response: { 200: Status },
    },
  }, async (request) => {
    const token = request.body?.token ?? request.query.token;
    if (!token) throw new AppError('invalid', OPT_OUT_LINK_INVALID);
    return unsubscribe(request.ctx, token, lists);
  });
};
