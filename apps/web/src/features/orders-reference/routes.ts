import { defineRoutes } from '../../lib/registry';

/**
 * Reference data of the orders module (SPEC §2 'Orders and agreements, admin'):
 * Kategorier, Sæsoner, Felter, Rabatkoder. The side nav order leaves 1–4 for
 * Aftaler, Ordrer, Abonnementer and Fakturaer (the orders domain).
 */
export const ordersReferenceRoutes = defineRoutes([
  {
    module: 'orders',
    view: 'categories',
    path: '/orders/categories',
    title: 'Kategorier',
    nav: { label: 'Kategorier', order: 5 },
    component: () => import('./OrderCategoriesListPage'),
  },
  { module: 'orders', view: 'categories', path: '/orders/categories/:id', title: 'Kategori', component: () => import('./OrderCategoryEditPage') },
  {
    module: 'orders',
    view: 'seasons',
    path: '/orders/seasons',
    title: 'Sæsoner',
    nav: { label: 'Sæsoner', order: 6 },
    component: () => import('./SeasonsListPage'),
  },
  { module: 'orders', view: 'seasons', path: '/orders/seasons/:id', title: 'Sæson', component: () => import('./SeasonEditPage') },
  {
    module: 'orders',
    view: 'fields',
    path: '/orders/fields',
    title: 'Felter',
    nav: { label: 'Felter', order: 7 },
    component: () => import('./FieldsListPage'),
  },
  { module: 'orders', view: 'fields', path: '/orders/fields/:id', title: 'Felt', component: () => import('./FieldEditPage') },
  {
    module: 'orders',
    view: 'discount-codes',
    path: '/orders/discount-codes',
    title: 'Rabatkoder',
    nav: { label: 'Rabatkoder', order: 8 },
    component: () => import('./DiscountCodesListPage'),
  },
  {
    module: 'orders',
    view: 'discount-codes',
    path: '/orders/discount-codes/:id',
    title: 'Rabatkode',
    component: () => import('./DiscountCodeEditPage'),
  },
]);
