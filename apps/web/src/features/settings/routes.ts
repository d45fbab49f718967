import { defineRoutes, listAndEditRoutes } from '../../lib/registry';

/**
 * Settings (SPEC §2 'Profile and settings'). /settings lists the sections the
 * user may see: every route of the 'settings' nav group. Later issues add
 * Indstillinger/Brugere (club admins) and Users/Clients (platform admins) here.
 */
export const settingsRoutes = defineRoutes([
  {
    path: '/settings',
    title: 'Indstillinger',
    access: 'admin',
    navGroup: 'settings',
    nav: { label: 'Indstillinger', order: 0 },
    component: () => import('./SettingsPage'),
  },
  ...listAndEditRoutes({
    path: '/settings/modules',
    listTitle: 'Modules',
    title: 'Modul',
    access: 'platformAdmin',
    navGroup: 'settings',
    navOrder: 50,
    description: 'Moduler på tværs af alle klubber: navn, ikon, url, rettigheder, funktioner og visninger.',
    list: () => import('./modules/ModulesListPage'),
    edit: () => import('./modules/ModuleEditPage'),
  }),
]);
