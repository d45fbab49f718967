import { defineRoutes, listAndEditRoutes } from '../../lib/registry';

/** Contacts (SPEC §2): contacts and contact lists, side nav Kontakter / Kontaktlister. */
export const contactsRoutes = defineRoutes([
  ...listAndEditRoutes({ module: 'contacts', listView: 'contacts', view: 'contact', path: '/contacts', listTitle: 'Kontakter', title: 'Kontakt', navOrder: 1,
    list: () => import('./ContactsListPage'), edit: () => import('./ContactEditPage') }),
  ...listAndEditRoutes({ module: 'contacts', listView: 'contact-lists', view: 'contact-list', path: '/contacts/contact-lists', listTitle: 'Kontaktlister', title: 'Kontaktliste', navOrder: 2,
    list: () => import('./ContactListsPage'), edit: () => import('./ContactListEditPage') }),
]);
