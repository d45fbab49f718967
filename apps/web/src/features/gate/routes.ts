import { defineRoutes } from '../../lib/registry';

/**
 * The gate: gate mode (/events/{id}/gate, full screen, for gate staff) and the public page of an
 * event's table plan (/public/events/{id}/table-plan, for guests to find their table).
 */
export const gateRoutes = defineRoutes([
  { module: 'events', view: 'event', path: '/events/:id/gate', title: 'Portscanner', layout: 'bare', sidebar: false, component: () => import('./GatePage') },
  { path: '/public/events/:id/table-plan', title: 'Bordplan', access: 'public', layout: 'public', component: () => import('./PublicTablePlanPage') },
]);
