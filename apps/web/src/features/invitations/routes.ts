import { defineRoutes } from '../../lib/registry';

/** The page a mailed invitation links to (/public/events/invite/{token}); booking from it comes with the public events. */
export const invitationsRoutes = defineRoutes([
  { path: '/public/events/invite/:token', title: 'Invitation', access: 'public', layout: 'public', component: () => import('./InvitationPage') },
]);
