import { z } from 'zod';
import { listInput } from './list';
import { ZPage } from './responses';
import { bool, id, optionalInteger, optionalText, text } from './validation';

const stringList = z.array(z.string().trim().min(1)).default([]);

export const ZModuleFeatureSetting = z.object({ name: text('Navn', 100), public: bool, values: stringList });
export const ZModuleFeature = z.object({
  name: text('Navn', 100),
  alias: text('Alias', 100),
  settings: z.array(ZModuleFeatureSetting).default([]),
});
export const ZModuleView = z.object({ route: text('Route', 100), values: stringList });
export const ZModuleComponent = z.object({ name: text('Navn', 100), values: stringList });
export const ACL_ACTIONS = ['manage', 'read', 'create', 'update', 'delete'] as const;
export const ZAclRule = z.object({
  subject: z.array(z.string().trim().min(1)).min(1, 'Subject er påkrævet'),
  action: z.array(z.string().trim().min(1)).min(1, 'Action er påkrævet'),
  inverted: bool,
  reason: optionalText(500),
  conditions: z.record(z.string(), z.unknown()).nullish().transform((v) => v ?? null),
  fields: z.array(z.string().trim().min(1)).default([]),
});
export const ZAclRuleSet = z.object({ name: text('Navn', 100), userACL: z.array(ZAclRule).default([]) });

/** Module edit (SPEC §5: name, alias, icon required; url and sorting optional). */
export const ZModuleUpdateRequest = z.object({
  id: id.nullish(),
  name: text('Navn', 100),
  alias: text('Alias', 100).regex(/^[a-z0-9-]+$/, 'Alias må kun indeholde små bogstaver, tal og bindestreg'),
  icon: text('Ikon', 100),
  url: optionalText(200),
  sorting: optionalInteger('Sortering').transform((v) => v ?? 0),
  features: z.array(ZModuleFeature).default([]),
  views: z.array(ZModuleView).default([]),
  components: z.array(ZModuleComponent).default([]),
  aclRules: z.array(ZAclRuleSet).default([]),
});
export type TModuleUpdateRequest = z.input<typeof ZModuleUpdateRequest>;

/**
 * The modules of Klubhus, named once. The seed installs them; moduleProcedure,
 * can() and the web route definitions take their aliases, views and permission
 * subjects from here, so a typo is a compile error, not a closed door.
 */
export const MODULES = {
  dashboard: { name: 'Dashboard', url: '/', icon: 'layout-dashboard', views: ['home'], features: [], subjects: [] },
  companies: { name: 'Virksomheder', url: '/companies', icon: 'building-2', views: ['companies', 'company'], features: [], subjects: ['companies'] },
  contacts: {
    name: 'Kontakter',
    url: '/contacts',
    icon: 'users',
    views: ['contacts', 'contact', 'contact-lists', 'contact-list'],
    features: [{ alias: 'holdsport', name: 'Holdsport' }],
    subjects: ['contacts'],
  },
  events: {
    name: 'Arrangementer',
    url: '/events',
    icon: 'calendar',
    views: ['events', 'event', 'types', 'type', 'charts', 'chart'],
    features: [{ alias: 'seatsio', name: 'Seats.io' }],
    subjects: ['events'],
  },
  orders: {
    name: 'Ordrer',
    url: '/orders',
    icon: 'shopping-cart',
    views: ['orders', 'order', 'contracts', 'contract', 'subscriptions', 'invoices', 'categories', 'seasons', 'fields', 'discount-codes'],
    features: [
      { alias: 'contracts', name: 'Aftaler' },
      { alias: 'economic', name: 'E-conomic' },
      { alias: 'stripe', name: 'Stripe' },
      { alias: 'onpay', name: 'OnPay' },
    ],
    subjects: ['orders'],
  },
  products: { name: 'Produkter', url: '/products', icon: 'package', views: ['products', 'product', 'categories', 'invoicegroups'], features: [], subjects: ['products'] },
  marketing: { name: 'Marketing', url: '/marketing', icon: 'mail', views: ['newsletters', 'newsletter'], features: [], subjects: ['marketing'] },
  webshop: { name: 'Webshop', url: '/shop', icon: 'store', views: ['shop', 'product', 'checkout', 'confirmation'], features: [], subjects: ['webshop'] },
} as const satisfies Record<
  string,
  { name: string; url: string; icon: string; views: readonly string[]; features: readonly { alias: string; name: string }[]; subjects: readonly string[] }
>;

export type ModuleAlias = keyof typeof MODULES;
export type ModuleView<A extends ModuleAlias = ModuleAlias> = (typeof MODULES)[A]['views'][number];
/** What a role's ACL rules name: the subjects of every module. */
export type PermissionSubject = (typeof MODULES)[ModuleAlias]['subjects'][number];
export type PermissionAction = (typeof ACL_ACTIONS)[number];
export const MODULE_ALIASES = Object.keys(MODULES) as ModuleAlias[];

/* ------------------------------------------------------------------ platform administration */

export const ZModuleListRequest = listInput(z.object({}).passthrough(), ['Name', 'Alias', 'Url', 'Sorting', 'Id'] as const, {
  field: 'Sorting',
  dir: 'asc',
});
export const ZModuleListRow = z.object({ id: z.number(), name: z.string(), alias: z.string(), url: z.string().nullable(), icon: z.string(), sorting: z.number() });
export const ZModuleListResponse = ZPage(ZModuleListRow);
export const ZModuleResponse = ZModuleListRow.extend({
  features: z.array(ZModuleFeature),
  views: z.array(ZModuleView),
  components: z.array(ZModuleComponent),
  aclRules: z.array(ZAclRuleSet),
});
export type TModuleResponse = z.output<typeof ZModuleResponse>;

/** One module's settings for one club (platform administration). */
export const ZClubModuleUpdateRequest = z.object({
  clientId: id,
  moduleId: id,
  active: bool,
  customEndpoint: optionalText(200),
  features: z
    .array(z.object({ alias: z.string().min(1), active: bool, settings: z.record(z.string(), z.array(z.string())).default({}) }))
    .default([]),
  roleAcls: z.array(z.object({ ruleId: z.string().min(1), role: z.string().min(1) })).default([]),
});
export const ZClubModulesRequest = z.object({ clientId: id });
export const ZClubModulesResponse = z.array(
  z.object({
    moduleId: z.number(),
    name: z.string(),
    alias: z.string(),
    active: z.boolean(),
    customEndpoint: z.string().nullable(),
    features: z.array(z.object({ alias: z.string(), name: z.string(), active: z.boolean(), settings: z.record(z.string(), z.array(z.string())) })),
    aclRules: z.array(z.string()),
    roleAcls: z.array(z.object({ ruleId: z.string(), role: z.string() })),
  }),
);
