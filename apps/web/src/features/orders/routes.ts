import { defineRoutes, listAndEditRoutes } from '../../lib/registry';

/**
 * Orders (SPEC §2 'Orders and agreements, admin'): the list at /orders/orders ('Ordrer', second in
 * the module's side nav, and the module's first screen in the top nav) and the order at /orders/:id
 * ('create' for a new one). The reference screens beside them (/orders/categories, /orders/seasons,
 * /orders/fields, /orders/discount-codes) are static paths: they win over /orders/:id in the router,
 * the breadcrumbs and the side nav whatever the order of registration (navigation.test.ts checks it).
 * The public page a mailed payment link opens: /public/orders/pay/:token.
 */
export const ordersRoutes = defineRoutes([
  ...listAndEditRoutes({
    module: 'orders',
    listView: 'orders',
    view: 'order',
    path: '/orders/orders',
    listTitle: 'Ordrer',
    title: 'Ordre',
    navOrder: 2,
    list: () => import('./OrdersListPage'),
    edit: () => import('./OrderEditPage'),
  }).map((r) => (r.path === '/orders/orders/:id' ? { ...r, path: '/orders/:id' } : r)),
  {
    module: 'orders',
    view: 'invoices',
    path: '/orders/invoices',
    title: 'Fakturaer',
    nav: { label: 'Fakturaer', order: 4 },
    component: () => import('./invoices/InvoicesListPage'),
  },
  { path: '/public/orders/pay/:token', title: 'Betal ordre', access: 'public', layout: 'public', component: () => import('./pay/OrderPayPage') },
]);
