import { defineRoutes, listAndEditRoutes } from '../../lib/registry';

/**
 * Reference data of the orders module (SPEC §2 'Orders and agreements, admin'):
 * Kategorier, Sæsoner, Felter, Rabatkoder. The side nav order leaves 1–4 for
 * Aftaler, Ordrer, Abonnementer and Fakturaer (the orders domain).
 */
export const ordersReferenceRoutes = defineRoutes(
  (
    [
      ['categories', 'Kategorier', 'Kategori', () => import('./OrderCategoriesListPage'), () => import('./OrderCategoryEditPage')],
      ['seasons', 'Sæsoner', 'Sæson', () => import('./SeasonsListPage'), () => import('./SeasonEditPage')],
      ['fields', 'Felter', 'Felt', () => import('./FieldsListPage'), () => import('./FieldEditPage')],
      ['discount-codes', 'Rabatkoder', 'Rabatkode', () => import('./DiscountCodesListPage'), () => import('./DiscountCodeEditPage')],
    ] as const
  ).flatMap(([view, listTitle, title, list, edit], i) =>
    listAndEditRoutes({ module: 'orders', view, path: `/orders/${view}`, listTitle, title, navOrder: 5 + i, list, edit }),
  ),
);
