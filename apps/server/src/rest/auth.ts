import { ZForgotPasswordRequest, ZLoginRequest, ZRegisterRequest, ZResetPasswordRequest } from '@klubhus/domain';
import { z } from 'zod';
import { defineRoutes } from './route';

export const authRoutes = defineRoutes('Auth', [
  {
    method: 'POST',
    url: '/api/login',
    summary: 'Log in; sets the session cookie and returns the user',
    body: ZLoginRequest,
    public: true,
    handler: (call, { body }) => call.auth.login(body),
  },
  {
    method: 'POST',
    url: '/api/register',
    summary: 'Create a user; a confirmation link is e-mailed',
    body: ZRegisterRequest,
    public: true,
    handler: async (call, { body }) => {
      const r = await call.auth.register(body);
      return { success: true, result: r.message };
    },
  },
  {
    method: 'POST',
    url: '/api/forgot-password',
    summary: 'E-mail a link to reset the password (same answer for unknown e-mails)',
    body: ZForgotPasswordRequest,
    public: true,
    handler: async (call, { body }) => {
      const r = await call.auth.forgotPassword(body);
      return { success: true, result: r.message };
    },
  },
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
