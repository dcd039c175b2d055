import { Type } from 'typebox';
import { errorAnswers, type ServicePlugin } from '@platform/server-kit';
import { rewardsLookup, rewardsSignup } from './rewards';

const tags = ['rewards'];
const Member = Type.Object({ member_number: Type.String(), first_name: Type.String(), points: Type.Integer() });

/** The cooperative's rewards programme: sign-up and lookup (the lookup field is loyality_lookup_field). */
export const rewardsRoutes: ServicePlugin = async (app) => {
  const lookup = rewardsLookup(app.resources.redis, app.resources.queuePrefix);

  app.post('/truevalue/rewards-signup', {
    schema: {
      tags, summary: 'Enrols the shopper in the rewards programme (one membership per e-mail and phone)',
      body: Type.Object({
        first_name: Type.String({ maxLength: 50 }), last_name: Type.String({ maxLength: 50 }), email: Type.String({ maxLength: 254 }),
        phone: Type.String({ maxLength: 20 }), zip: Type.String({ maxLength: 10 }),
      }),
      response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: Member }), ...errorAnswers(422) },
    },
  }, async (request) => rewardsSignup(request.ctx, request.body));

  app.post('/truevalue/rewards-lookup', {
    schema: {
      tags, summary: "A member's points by the store's lookup field (phone or e-mail); the member number shown by its last 4 digits",
      body: Type.Object({ value: Type.String({ minLength: 1, maxLength: 254 }) }),
      response: { 200: Type.Object({ status: Type.String(), data: Member }), ...errorAnswers(429) },
    },
  }, async (request) => lookup(request.ctx, request.ip, request.body.value));
};
