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
  {
    path: '/settings/economic',
    title: 'E-conomic',
    access: 'admin',
    navGroup: 'settings',
    nav: { label: 'E-conomic', order: 10 },
    description: 'Forbindelsen til e-conomic og standarderne for kunder og fakturaer, valgt fra e-conomics egne lister.',
    component: () => import('./EconomicSettingsPage'),
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
