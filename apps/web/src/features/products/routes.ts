import { defineRoutes, listAndEditRoutes } from '../../lib/registry';

/** Products (SPEC §2 'Products'): side nav Produkter, Kategorier, Fakturagrupper; 'create' as id means new. */
export const productsRoutes = defineRoutes([
  ...listAndEditRoutes({ module: 'products', listView: 'products', view: 'product', path: '/products', listTitle: 'Produkter', title: 'Produkt', navOrder: 1,
    list: () => import('./ProductsListPage'), edit: () => import('./edit/ProductEditPage') }),
  ...listAndEditRoutes({ module: 'products', view: 'categories', path: '/products/categories', listTitle: 'Kategorier', title: 'Kategori', navOrder: 2,
    list: () => import('./ProductCategoriesListPage'), edit: () => import('./ProductCategoryEditPage') }),
  ...listAndEditRoutes({ module: 'products', view: 'invoicegroups', path: '/products/invoicegroups', listTitle: 'Fakturagrupper', title: 'Fakturagruppe', navOrder: 3,
    list: () => import('./InvoiceGroupsListPage'), edit: () => import('./InvoiceGroupEditPage') }),
]);
