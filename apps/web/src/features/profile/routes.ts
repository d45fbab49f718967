import { defineRoutes } from '../../lib/registry';

export const profileRoutes = defineRoutes([
  { path: '/profile', title: 'Profil', access: 'user', layout: 'auto', sidebar: false, component: () => import('./ProfilePage') },
]);
