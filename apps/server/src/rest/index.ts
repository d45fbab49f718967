import { appRoutes } from './app';
import { authRoutes } from './auth';
import { bookingRoutes } from './booking';
import { catalogueRoutes } from './catalogue';
import { commentRoutes } from './comments';
import { companyRoutes } from './companies';
import { contactRoutes } from './contacts';
import { contractRoutes } from './contracts';
import { eventRoutes } from './events';
import { fileRoutes } from './files';
import { gateRoutes } from './gate';
import { moduleRoutes } from './modules';
import { invoiceRoutes } from './invoices';
import { orderRoutes } from './orders';
import { seatingRoutes } from './seating';
import type { RestRoute } from './route';

/** Every documented URL. The cross-club sweep and /api/docs both read this table. */
export const restRoutes: RestRoute[] = [...authRoutes, ...appRoutes, ...moduleRoutes, ...companyRoutes, ...contactRoutes, ...commentRoutes, ...fileRoutes, ...catalogueRoutes, ...eventRoutes, ...seatingRoutes, ...orderRoutes, ...invoiceRoutes, ...contractRoutes, ...bookingRoutes, ...gateRoutes];
