import { defineRoutes } from '../../lib/registry';

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
    path: '/settings/modules',
    title: 'Modules',
    access: 'platformAdmin',
    navGroup: 'settings',
    nav: { label: 'Modules', order: 50 },
    description: 'Moduler på tværs af alle klubber: navn, ikon, url, rettigheder, funktioner og visninger.',
    component: () => import('./modules/ModulesListPage'),
  },
  {
    path: '/settings/modules/:id',
    title: 'Modul',
    access: 'platformAdmin',
    navGroup: 'settings',
    component: () => import('./modules/ModuleEditPage'),
  },
]);
