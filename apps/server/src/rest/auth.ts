import { ZForgotPasswordRequest, ZLoginRequest, ZRegisterRequest, ZResetPasswordRequest } from '@klubhus/domain';
import { type ZodType, z } from 'zod';
import { defineRoutes, type RestCaller, type RestRoute } from './route';

/** A public POST whose procedure answers with a message for the user -> {success, result: message}. */
const messageRoute = (url: string, summary: string, body: ZodType, send: (call: RestCaller, body: Record<string, unknown>) => Promise<{ message: string }>): Omit<RestRoute, 'tag'> => ({
  method: 'POST',
  url,
  summary,
  body,
  public: true,
  handler: async (call, input) => ({ success: true, result: (await send(call, input.body)).message }),
});

export const authRoutes = defineRoutes('Auth', [
  {
    method: 'POST',
    url: '/api/login',
    summary: 'Log in; sets the session cookie and returns the user',
    body: ZLoginRequest,
    public: true,
    handler: (call, { body }) => call.auth.login(body),
  },
  messageRoute('/api/register', 'Create a user; a confirmation link is e-mailed', ZRegisterRequest, (call, body) => call.auth.register(body)),
  messageRoute('/api/forgot-password', 'E-mail a link to reset the password (same answer for unknown e-mails)', ZForgotPasswordRequest, (call, body) => call.auth.forgotPassword(body)),
  {
    method: 'POST',
    url: '/api/reset-password',
    summary: 'Set a new password with the e-mailed single-use token; ends every session of the user',
    body: ZResetPasswordRequest,
    public: true,
    handler: async (call, { body }) => {
      await call.auth.resetPassword(body);
      return { success: true };
    },
  },
  {
    method: 'GET',
    url: '/api/confirm-email',
    summary: 'Confirm the e-mail address from the link in the sign-up e-mail; redirects to /login',
    query: z.object({ token: z.string() }),
    public: true,
    handler: async (call, { query, reply }) => {
      const ok = await call.auth
        .confirmEmail({ token: String(query.token ?? '') })
        .then(() => true)
        .catch(() => false);
      return reply.redirect(`/login?confirmed=${ok ? 1 : 0}`);
    },
  },
  {
    method: 'GET',
    url: '/logout',
    summary: 'End the session and go to /login',
    public: true,
    navigationWrite: true,
    handler: async (call, { reply }) => {
      await call.auth.logout();
      return reply.redirect('/login');
    },
  },
]);
