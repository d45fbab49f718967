import { defineRoutes } from '../../lib/registry';

/** Contacts (SPEC §2): contacts and contact lists, side nav Kontakter / Kontaktlister. */
export const contactsRoutes = defineRoutes([
  {
    module: 'contacts',
    view: 'contacts',
    path: '/contacts',
    title: 'Kontakter',
    nav: { label: 'Kontakter', order: 1 },
    component: () => import('./ContactsListPage'),
  },
  {
    module: 'contacts',
    view: 'contact-lists',
    path: '/contacts/contact-lists',
    title: 'Kontaktlister',
    nav: { label: 'Kontaktlister', order: 2 },
    component: () => import('./ContactListsPage'),
  },
  {
    module: 'contacts',
    view: 'contact-list',
    path: '/contacts/contact-lists/:id',
    title: 'Kontaktliste',
    component: () => import('./ContactListEditPage'),
  },
  { module: 'contacts', view: 'contact', path: '/contacts/:id', title: 'Kontakt', component: () => import('./ContactEditPage') },
]);
