import { defineRoutes } from '../../lib/registry';

/** The built-in test provider's own payment page (a real provider's page in every other respect). */
export const paymentsRoutes = defineRoutes([
  { path: '/pay/test/:token', title: 'Testbetaling', access: 'public', layout: 'bare', component: () => import('./TestPaymentPage') },
]);
