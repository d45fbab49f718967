import { defineRoutes } from '../../lib/registry';

/** The dashboard module's 'home' view: the back-office start page. */
export const dashboardRoutes = defineRoutes([
  { module: 'dashboard', view: 'home', path: '/', title: 'Forside', home: true, sidebar: false, component: () => import('./StaffHomePage') },
]);
