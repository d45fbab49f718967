import type { ExtraInfoDefinition } from '@klubhus/domain';

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

/** Multiple choices: Checkbox always, Radio/Select when `multiple` (as the server's validateExtraInfo reads it). */
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
