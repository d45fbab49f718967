import { appRoutes } from './app';
import { authRoutes } from './auth';
import { catalogueRoutes } from './catalogue';
import { commentRoutes } from './comments';
import { companyRoutes } from './companies';
import { contactRoutes } from './contacts';
import { eventRoutes } from './events';
import { fileRoutes } from './files';
import { moduleRoutes } from './modules';
import { orderRoutes } from './orders';
import type { RestRoute } from './route';

/** Every documented URL. The cross-club sweep and /api/docs both read this table. */
export const restRoutes: RestRoute[] = [...authRoutes, ...appRoutes, ...moduleRoutes, ...companyRoutes, ...contactRoutes, ...commentRoutes, ...fileRoutes, ...catalogueRoutes, ...eventRoutes, ...orderRoutes];
