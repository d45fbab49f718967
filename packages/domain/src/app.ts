import { z } from 'zod';
import { safeString } from './validation';

/** What the web app builds its routes, menus and forms from (SPEC §3 Client configuration). */

export const ZAppStateResponse = z.object({ isFrontend: z.boolean() });

export const ZActiveModule = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  url: z.string().nullable(),
  icon: z.string(),
  sorting: z.number().int(),
  endpoint: z.string(),
  features: z.array(z.object({ alias: z.string(), name: z.string(), active: z.boolean(), settings: z.record(z.string(), z.array(z.string())) })),
  views: z.array(z.object({ route: z.string(), values: z.array(z.string()) })),
  components: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
});

const stringOrList = z.union([z.string(), z.array(z.string())]);
/** A role rule as the client's ability is built from (CASL raw rule). */
export const ZRoleRule = z.object({
  action: stringOrList,
  subject: stringOrList,
  inverted: z.boolean().optional(),
  conditions: z.record(z.string(), z.unknown()).optional(),
  fields: z.array(z.string()).optional(),
  reason: z.string().optional(),
});

export const ZClientConfiguration = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  address: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  vatRate: z.number(),
  pricesWithVat: z.boolean(),
  disableVat: z.boolean(),
  timeZone: z.string(),
  isFrontend: z.boolean(),
  isAdmin: z.boolean(),
  role: z.string().nullable(),
  rules: z.array(ZRoleRule),
  modules: z.array(ZActiveModule),
  settings: z.object({
    companies: z.object({ extraInfo: z.array(z.unknown()) }),
    contacts: z.object({ extraInfo: z.array(z.unknown()) }),
  }),
});
export type TClientConfiguration = z.output<typeof ZClientConfiguration>;

export const ZTermsRequest = z.object({ kind: z.enum(['terms', 'subscriptionTerms']) });
export const ZStaffUsersRequest = z.object({ search: safeString().trim().max(100).optional() }).optional();
export const ZStaffUsersResponse = z.array(
  z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string(), email: z.string(), picture: z.string().nullable() }),
);
/** The club's staff users for owner pickers ('Ansvarlig' on events, agreements): id, full name, e-mail. */
export const ZStaffOwnersResponse = z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() }));
export type TStaffOwner = z.output<typeof ZStaffOwnersResponse>[number];
export const ZChangeClientResponse = z.object({ success: z.literal(true), clientId: z.number().int() });
