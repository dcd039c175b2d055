import { Type } from 'typebox';
import { LoginResponse } from '@platform/contracts';
import type { ServicePlugin } from '@platform/server-kit';
import { loginWithPassword, logout } from './service';

const tags = ['identity'];

export const identityRoutes: ServicePlugin = async (app) => {
  app.post('/login', {
    schema: {
      tags, summary: 'Sign in with e-mail and password (spec 2 §7)',
      body: Type.Object({
        email: Type.String({ minLength: 6, maxLength: 254, pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' }),
        password: Type.String({ minLength: 1, maxLength: 200 }),
        device_id: Type.Optional(Type.String({ maxLength: 10 })),
      }),
      response: { 200: LoginResponse },
    },
  }, async (request) => loginWithPassword(request.ctx, request.body.email, request.body.password));

  app.post('/logout', {
    schema: {
      tags, summary: 'Sign out: revokes the access token',
      querystring: Type.Object({ access_token: Type.Optional(Type.String({ maxLength: 200 })) }),
      response: { 200: Type.Object({ status: Type.String(), message: Type.String() }) },
    },
  }, async (request) => {
    await logout(request.ctx, request.query.access_token);
    return { status: 'success', message: 'You have been signed out.' };
  });
};
