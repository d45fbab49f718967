import { z } from 'zod';

/** Texts of the extra-info fields of companies and contacts. */
export const EXTRA_INFO_MSG = {
  extraInfoUnknown: (alias: string) => `Ukendt ekstra felt: ${alias}`,
  extraInfoChoice: (title: string) => `${title} skal være en af de mulige værdier`,
  extraInfoSingle: (title: string) => `${title} kan kun have én værdi`,
} as const;

/** Extra-info definition of the club settings (settings.companies.extraInfo / settings.contacts.extraInfo). */
export interface ExtraInfoDefinition {
  title: string;
  alias: string;
  type: 'Radio' | 'Checkbox' | 'Select' | 'Text';
  values: string[];
  multiple?: boolean;
}

export const ZExtraInfoInput = z
  .record(
    z.string(),
    z.object({
      title: z.string().optional(),
      alias: z.string().optional(),
      value: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
      values: z.array(z.string()).nullish(),
    }),
  )
  .nullish()
  .transform((v) => v ?? {});
export type TExtraInfoInput = z.output<typeof ZExtraInfoInput>;

export interface ExtraInfoStored {
  title: string;
  alias: string;
  value: string | null;
  values: string[];
}

/**
 * Checks extra-info values against the club's definitions: unknown aliases are
 * refused, Radio/Select values must be one of the choices, Checkbox/multiple
 * values a subset. Returns the normalised map or the first Danish error.
 */
export function validateExtraInfo(
  definitions: ExtraInfoDefinition[],
  input: TExtraInfoInput,
): { ok: true; value: Record<string, ExtraInfoStored> } | { ok: false; error: string } {
  const out: Record<string, ExtraInfoStored> = {};
  const byAlias = new Map(definitions.map((d) => [d.alias, d]));
  for (const [key, raw] of Object.entries(input)) {
    const alias = raw.alias || key;
    const def = byAlias.get(alias);
    if (!def) return { ok: false, error: EXTRA_INFO_MSG.extraInfoUnknown(alias) };
    const value = raw.value === null || raw.value === undefined || raw.value === '' ? null : String(raw.value);
    const values = (raw.values ?? []).filter((v) => v !== '');
    const multiple = isMultiple(def);
    if (def.type === 'Text') {
      out[alias] = { title: def.title, alias, value: value ? value.slice(0, 5000) : null, values: [] };
      continue;
    }
    const chosen = multiple ? [...new Set([...values, ...(value !== null && values.length === 0 ? [value] : [])])] : values;
    if (!multiple && values.length > 1) return { ok: false, error: EXTRA_INFO_MSG.extraInfoSingle(def.title) };
    const single = multiple ? null : (value ?? values[0] ?? null);
    for (const v of multiple ? chosen : single === null ? [] : [single]) {
      if (!def.values.includes(v)) return { ok: false, error: EXTRA_INFO_MSG.extraInfoChoice(def.title) };
    }
    out[alias] = { title: def.title, alias, value: single, values: multiple ? chosen : [] };
  }
  return { ok: true, value: out };
}


/** Answers to an event's or order's extra-info questions (an order, a line, a ticket): a title with one value or several. */
export const ZExtraInfoAnswers = z.array(z.object({ title: z.string(), value: z.string().nullish(), values: z.array(z.string()).optional() }));

/** Extra info as a record answers with it: per alias the title and the chosen value(s). */
export const ZExtraInfoResponse = z.record(
  z.string(),
  z.object({ title: z.string(), alias: z.string(), value: z.string().nullable(), values: z.array(z.string()) }),
);

/** One extra-info field as an edit form holds it (what validateExtraInfo takes back). */
export interface ExtraInfoValue {
  title: string;
  alias: string;
  value: string | null;
  values: string[];
}

/** The club's definitions (settings.companies.extraInfo / settings.contacts.extraInfo), defensively typed. */
export function extraInfoDefinitions(raw: unknown): ExtraInfoDefinition[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (d): d is ExtraInfoDefinition => !!d && typeof d === 'object' && typeof (d as ExtraInfoDefinition).alias === 'string' && !!(d as ExtraInfoDefinition).alias,
  );
}

/** Multiple choices: Checkbox always, Radio/Select when `multiple` (validateExtraInfo on the server, the fields on screen). */
export const isMultiple = (d: ExtraInfoDefinition) => d.type === 'Checkbox' || d.multiple === true;

/** Form values for every defined field, filled from what is stored (fields no longer defined are left out). */
export function extraInfoFormValues(defs: ExtraInfoDefinition[], stored: unknown): Record<string, ExtraInfoValue> {
  const map = (stored && typeof stored === 'object' ? stored : {}) as Record<string, Partial<ExtraInfoValue> | undefined>;
  const out: Record<string, ExtraInfoValue> = {};
  for (const d of defs) {
    const s = map[d.alias];
    const values = Array.isArray(s?.values) ? s.values.map(String) : [];
    const value = s?.value === null || s?.value === undefined ? '' : String(s.value);
    out[d.alias] = {
      title: d.title,
      alias: d.alias,
      value: isMultiple(d) ? null : value,
      values: isMultiple(d) ? (values.length ? values : value ? [value] : []) : [],
    };
  }
  return out;
}
