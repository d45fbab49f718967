import { defineRoutes, listAndEditRoutes } from '../../lib/registry';

/** Events, admin (SPEC §2): side nav Arrangementer, Typer, and the club's seating charts (Salsplaner); 'create' as id means new. */
export const eventsRoutes = defineRoutes([
  ...listAndEditRoutes({ module: 'events', listView: 'events', view: 'event', path: '/events', listTitle: 'Arrangementer', title: 'Arrangement', navOrder: 1,
    list: () => import('./EventsListPage'), edit: () => import('./edit/EventEditPage') }),
  ...listAndEditRoutes({ module: 'events', listView: 'types', view: 'type', path: '/events/types', listTitle: 'Typer', title: 'Type', navOrder: 2,
    list: () => import('./EventTypesListPage'), edit: () => import('./edit/EventTypeEditPage') }),
  ...listAndEditRoutes({ module: 'events', listView: 'charts', view: 'chart', path: '/events/charts', listTitle: 'Salsplaner', title: 'Salsplan', navOrder: 3,
    list: () => import('./charts/ChartsListPage'), edit: () => import('./charts/ChartEditPage') }),
]);
