import { defineRoutes } from '../../lib/registry';

/** Products (SPEC §2 'Products'): side nav Produkter, Kategorier, Fakturagrupper; 'create' as id means new. */
export const productsRoutes = defineRoutes([
  {
    module: 'products',
    view: 'products',
    path: '/products',
    title: 'Produkter',
    nav: { label: 'Produkter', order: 1 },
    component: () => import('./ProductsListPage'),
  },
  {
    module: 'products',
    view: 'categories',
    path: '/products/categories',
    title: 'Kategorier',
    nav: { label: 'Kategorier', order: 2 },
    component: () => import('./ProductCategoriesListPage'),
  },
  {
    module: 'products',
    view: 'categories',
    path: '/products/categories/:id',
    title: 'Kategori',
    component: () => import('./ProductCategoryEditPage'),
  },
  {
    module: 'products',
    view: 'invoicegroups',
    path: '/products/invoicegroups',
    title: 'Fakturagrupper',
    nav: { label: 'Fakturagrupper', order: 3 },
    component: () => import('./InvoiceGroupsListPage'),
  },
  {
    module: 'products',
    view: 'invoicegroups',
    path: '/products/invoicegroups/:id',
    title: 'Fakturagruppe',
    component: () => import('./InvoiceGroupEditPage'),
  },
  // Last: the breadcrumbs and side nav take the first definition matching a path, so static paths go before ':id'.
  { module: 'products', view: 'product', path: '/products/:id', title: 'Produkt', component: () => import('./ProductEditPage') },
]);
