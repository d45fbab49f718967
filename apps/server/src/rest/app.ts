import { appUser } from '@klubhus/api/app/router';
import { z } from 'zod';
import { defineRoutes } from './route';

export const appRoutes = defineRoutes('App', [
  {
    method: 'GET',
    url: '/api/app',
    summary: 'App state: isFrontend is true for visitors and members (public storefront)',
    public: true,
    handler: (call) => call.app.state(),
  },
  {
    method: 'GET',
    url: '/api/user',
    summary: 'The logged-in user (result) and the clubs the user belongs to (data.clients)',
    // The same procedure as app.user, called directly (authedRead): the hottest call outside a club.
    handler: async (_call, { ctx }) => {
      const user = await appUser.direct(ctx);
      return { success: true, result: user, data: { clients: user.clients } };
    },
  },
  {
    method: 'GET',
    url: '/api/app/modules',
    summary: "The current club's active modules with endpoint, views, components and features",
    public: true,
    handler: (call) => call.app.modules(),
  },
  {
    method: 'GET',
    url: '/api/app/client',
    summary: 'The client configuration (SPEC §3)',
    public: true,
    handler: (call) => call.app.client(),
  },
  {
    method: 'GET',
    url: '/api/app/users',
    summary: "The current club's staff users (id, firstname, lastname, email, picture)",
    query: z.object({ search: z.string().optional() }),
    handler: (call, { query }) => call.app.users({ search: query.search as string | undefined }),
  },
  {
    method: 'GET',
    url: '/api/app/change-client/:id',
    summary: 'Switch the session to another club the user belongs to, then go to /',
    navigationWrite: true,
    handler: async (call, { params, reply }) => {
      await call.app.changeClient({ id: params.id });
      return reply.redirect('/');
    },
  },
  {
    method: 'GET',
    url: '/api/webshop/terms',
    summary: 'Handelsbetingelser (HTML)',
    public: true,
    handler: async (call, { reply }) => reply.type('text/html; charset=utf-8').send(await call.app.terms({ kind: 'terms' })),
  },
  {
    method: 'GET',
    url: '/api/webshop/subscription-terms',
    summary: 'Abonnementsbetingelser (HTML)',
    public: true,
    handler: async (call, { reply }) => reply.type('text/html; charset=utf-8').send(await call.app.terms({ kind: 'subscriptionTerms' })),
  },
]);
