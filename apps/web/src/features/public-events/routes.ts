import { defineRoutes } from '../../lib/registry';

/** The storefront's events (SPEC §2 Events, public): the list of cards and an event's page. */
export const publicEventsRoutes = defineRoutes([
  { module: 'events', view: 'events', path: '/events', title: 'Arrangementer', access: 'public', audience: 'frontend', component: () => import('./EventsPage') },
  // The same path as the staff's /events/:id (the visitor's param is the event's url): one path, picked by audience.
  { module: 'events', view: 'event', path: '/events/:id', title: 'Arrangement', access: 'public', audience: 'frontend', component: () => import('./EventPage') },
  // A booking's confirmation (SPEC §4): the second segment is the booking's token, never its order id.
  { module: 'events', view: 'event', path: '/events/:id/:token', title: 'Ordre', access: 'public', audience: 'frontend', component: () => import('./ConfirmationPage') },
]);
