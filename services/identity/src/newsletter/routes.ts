import { Type } from 'typebox';
import { errorAnswers, storeLinkOrigin, type ServicePlugin } from '@platform/server-kit';
import { newsletterAddress } from '@platform/domain';
import { createRateLimits } from '../rate-limits';
import { subscribeToNewsletter } from './service';

const tags = ['newsletter'];

/** The storefront footer's newsletter sign-up (its unsubscribe link is POST unsubscribe, in email-campaigns). */
export const newsletterRoutes: ServicePlugin = async (app) => {
  const lists = { redis: app.resources.redis, prefix: app.resources.queuePrefix };
  // A sign-up sends an e-mail: the limits of every e-mail a visitor can have sent (5 an address, 100 an IP, in 15 minutes).
  const limit = createRateLimits(app.resources.redis, app.resources.queuePrefix);
  app.post('/newsletter/subscribe', {
    schema: {
      tags,
      summary: "Signs an e-mail address up for the store's newsletter, with the shopper's consent, and e-mails a confirmation with an unsubscribe link (422 names each bad field; 429 after too many tries)",
      body: Type.Object({
        email: Type.String({ maxLength: 254 }),
        consent: Type.Boolean({ description: 'The shopper ticked the box agreeing to receive the store’s e-mails' }),
        page: Type.Optional(Type.String({ maxLength: 200, description: 'The page the form was on (kept with the consent)' })),
      }, { additionalProperties: false }),
      response: { 200: Type.Object({ status: Type.String(), message: Type.String() }), ...errorAnswers(422, 429) },
    },
  }, async (request) => {
    await limit('send', request.ctx, `newsletter:${newsletterAddress(request.body.email)}`, request.ip);
    return subscribeToNewsletter(request.ctx, app.resources.queues, lists, request.body, await storeLinkOrigin(request));
  });
};
