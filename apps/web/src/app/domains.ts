import { authRoutes } from '../features/auth/routes';
import { ordersReferenceRoutes } from '../features/orders-reference/routes';
import { ordersRoutes } from '../features/orders/routes';
import { companiesRoutes } from '../features/companies/routes';
import { contactsRoutes } from '../features/contacts/routes';
import { contractsRoutes } from '../features/contracts/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { eventsRoutes } from '../features/events/routes';
import { gateRoutes } from '../features/gate/routes';
import { invitationsRoutes } from '../features/invitations/routes';
import { paymentsRoutes } from '../features/payments/routes';
import { publicEventsRoutes } from '../features/public-events/routes';
import { productsRoutes } from '../features/products/routes';
import { profileRoutes } from '../features/profile/routes';
import { settingsRoutes } from '../features/settings/routes';
import { storefrontRoutes } from '../features/storefront/routes';
import type { RouteDef } from '../lib/registry';

/**
 * Every domain's routes, registered once. To add a domain: create
 * features/<domain>/routes.ts exporting `defineRoutes([...])`, import it here
 * and append it to the list (one import line + one entry; keep the order:
 * earlier definitions win when two share a path and audience).
 */
export const DOMAIN_ROUTES: RouteDef[] = [
  ...authRoutes,
  ...storefrontRoutes,
  ...dashboardRoutes,
  ...profileRoutes,
  ...settingsRoutes,
  ...companiesRoutes,
  ...contactsRoutes,
  ...productsRoutes,
  ...eventsRoutes,
  ...ordersRoutes,
  ...contractsRoutes,
  ...ordersReferenceRoutes,
  ...invitationsRoutes,
  ...paymentsRoutes,
  ...publicEventsRoutes,
  ...gateRoutes,
];
