import { defineRoutes } from '../../lib/registry';

/** The public storefront: home, terms. Events and webshop add their public routes in their own domains. */
export const storefrontRoutes = defineRoutes([
  { path: '/', title: 'Forside', access: 'public', audience: 'frontend', home: true, component: () => import('./HomePage') },
  { path: '/terms', title: 'Handelsbetingelser', access: 'public', component: () => import('./TermsPage') },
  { path: '/subscription-terms', title: 'Abonnementsbetingelser', access: 'public', component: () => import('./SubscriptionTermsPage') },
]);
