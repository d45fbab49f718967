import { appStateRouter } from './app/router';
import { authRouter } from './auth/router';
import { bookingRouter } from './booking/router';
import {
  customFieldsRouter,
  discountCodesRouter,
  invoiceGroupsRouter,
  orderCategoriesRouter,
  productCategoriesRouter,
  productsRouter,
  seasonsRouter,
} from './catalogue/router';
import { clientsRouter } from './clients/router';
import { commentsRouter } from './comments/router';
import { companiesRouter } from './companies/router';
import { contactsRouter } from './contacts/router';
import { contractsRouter } from './contracts/router';
import { eventsRouter, eventTypesRouter, publicEventsRouter } from './events/router';
import { filesRouter } from './files/router';
import { gateRouter } from './gate/router';
import { modulesRouter } from './modules/router';
import { paymentsRouter } from './payments/router';
import { publicSeatsRouter, seatingChartsRouter, seatMapsRouter } from './seating/router';
import { ordersRouter } from './orders/router';
import { economicRouter, invoicesRouter } from './invoices/router';
import { outboxRouter } from './outbox/router';
import { createCallerFactory, router } from './trpc';

/**
 * Every domain's router, registered once here. The web client's types and the
 * REST adapters both come from this.
 */
export const appRouter = router({
  app: appStateRouter,
  auth: authRouter,
  products: productsRouter,
  productCategories: productCategoriesRouter,
  invoiceGroups: invoiceGroupsRouter,
  orderCategories: orderCategoriesRouter,
  seasons: seasonsRouter,
  customFields: customFieldsRouter,
  discountCodes: discountCodesRouter,
  modules: modulesRouter,
  clients: clientsRouter,
  companies: companiesRouter,
  contacts: contactsRouter,
  comments: commentsRouter,
  files: filesRouter,
  events: eventsRouter,
  eventTypes: eventTypesRouter,
  publicEvents: publicEventsRouter,
  seatingCharts: seatingChartsRouter,
  seatMaps: seatMapsRouter,
  publicSeats: publicSeatsRouter,
  booking: bookingRouter,
  payments: paymentsRouter,
  orders: ordersRouter,
  invoices: invoicesRouter,
  contracts: contractsRouter,
  economic: economicRouter,
  outbox: outboxRouter,
  gate: gateRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;
