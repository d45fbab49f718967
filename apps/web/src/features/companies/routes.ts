import { defineRoutes } from '../../lib/registry';

/** Companies (SPEC §2): the list and the company screen (id 'create' for new). */
export const companiesRoutes = defineRoutes([
  {
    module: 'companies',
    view: 'companies',
    path: '/companies',
    title: 'Virksomheder',
    nav: { label: 'Virksomheder', order: 1 },
    component: () => import('./CompaniesListPage'),
  },
  {
    module: 'companies',
    view: 'company',
    path: '/companies/:id',
    title: 'Virksomhed',
    component: () => import('./CompanyEditPage'),
  },
]);
