import { defineRoutes, listAndEditRoutes } from '../../lib/registry';

/**
 * Sponsor agreements (SPEC §2 'Orders and agreements, admin', contracts part): the list at
 * /orders/contracts ('Aftaler', first in the module's side nav) and the agreement at
 * /orders/contracts/:id ('create' for a new one).
 */
export const contractsRoutes = defineRoutes([
  ...listAndEditRoutes({
    module: 'orders',
    listView: 'contracts',
    view: 'contract',
    path: '/orders/contracts',
    listTitle: 'Aftaler',
    title: 'Aftale',
    navOrder: 1,
    list: () => import('./ContractsListPage'),
    edit: () => import('./ContractEditPage'),
  }),
  // The page a signing link opens: public, no side navigation; the PDF viewer is loaded only here.
  { path: '/contracts/:id/esign', title: 'Aftale til underskrift', access: 'public', layout: 'bare', component: () => import('./esign/ContractSignPage') },
  { path: '/contracts/esign/:id', title: 'Aftale til underskrift', access: 'public', layout: 'bare', component: () => import('./esign/ContractSignPage') },
]);
