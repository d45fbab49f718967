import { defineRoutes } from '../../lib/registry';

export const authRoutes = defineRoutes([
  { path: '/login', title: 'Log ind', access: 'public', layout: 'bare', component: () => import('./LoginPage') },
  { path: '/forgot-password', title: 'Glemt adgangskode', access: 'public', layout: 'bare', component: () => import('./ForgotPasswordPage') },
  { path: '/reset-password', title: 'Ny adgangskode', access: 'public', layout: 'bare', component: () => import('./ResetPasswordPage') },
  { path: '/signup', title: 'Opret bruger', access: 'public', layout: 'bare', component: () => import('./SignupPage') },
]);
