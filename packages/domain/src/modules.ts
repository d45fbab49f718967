import { z } from 'zod';
import { bool, optionalInteger, optionalText, text } from './validation';

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
  id: z.coerce.number().int().positive().nullish(),
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
