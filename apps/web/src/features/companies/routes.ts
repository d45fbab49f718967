import { defineRoutes, listAndEditRoutes } from '../../lib/registry';

/** Companies (SPEC §2): the list and the company screen (id 'create' for new). */
export const companiesRoutes = defineRoutes(
  listAndEditRoutes({ module: 'companies', listView: 'companies', view: 'company', path: '/companies', listTitle: 'Virksomheder', title: 'Virksomhed', navOrder: 1,
    list: () => import('./CompaniesListPage'), edit: () => import('./CompanyEditPage') }),
);
