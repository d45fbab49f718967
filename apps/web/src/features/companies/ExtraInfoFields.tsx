import { Checkbox, Fieldset, Input, NativeSelect, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ExtraInfoDefinition } from '@klubhus/domain';
import { Controller, useFormContext } from 'react-hook-form';
import { FormField } from '../../ui/form';

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

/**
 * The club's extra-info fields rendered by type: Radio, Checkbox, Select
 * (single or multiple) and Text, bound to `extraInfo.{alias}` of the form.
 */
export function ExtraInfoFields({ definitions, name = 'extraInfo' }: { definitions: ExtraInfoDefinition[]; name?: string }) {
  const { control, register } = useFormContext();
  if (!definitions.length) {
    return <Text color="fg.muted">Klubben har ikke defineret ekstra felter.</Text>;
  }
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
      {definitions.map((d) => {
        const base = `${name}.${d.alias}`;
        if (d.type === 'Text') {
          return (
            <FormField key={d.alias} name={`${base}.value`} label={d.title}>
              <Input bg="bg" {...register(`${base}.value`)} />
            </FormField>
          );
        }
        if (d.type === 'Select' && !d.multiple) {
          return (
            <FormField key={d.alias} name={`${base}.value`} label={d.title}>
              <NativeSelect.Root>
                <NativeSelect.Field bg="bg" {...register(`${base}.value`)}>
                  <option value="">Vælg</option>
                  {d.values.map((v) => (
                    <option key={v} value={v}>
                      {v}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          );
        }
        if (d.type === 'Radio' && !d.multiple) {
          return (
            <Fieldset.Root key={d.alias}>
              <Fieldset.Legend fontWeight="medium" fontSize="sm" mb="2">
                {d.title}
              </Fieldset.Legend>
              <Controller
                control={control}
                name={`${base}.value`}
                render={({ field }) => (
                  <RadioGroup.Root
                    name={field.name}
                    value={(field.value as string | null) || null}
                    onValueChange={(e) => field.onChange(e.value ?? '')}
                    size="sm"
                    aria-label={d.title}
                  >
                    <Stack gap="2" direction="row" wrap="wrap">
                      {d.values.map((v) => (
                        <RadioGroup.Item key={v} value={v}>
                          <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                          <RadioGroup.ItemIndicator />
                          <RadioGroup.ItemText>{v}</RadioGroup.ItemText>
                        </RadioGroup.Item>
                      ))}
                    </Stack>
                  </RadioGroup.Root>
                )}
              />
            </Fieldset.Root>
          );
        }
        // Checkbox, or Radio/Select with multiple: a set of checkboxes.
        return (
          <Fieldset.Root key={d.alias}>
            <Fieldset.Legend fontWeight="medium" fontSize="sm" mb="2">
              {d.title}
            </Fieldset.Legend>
            <Controller
              control={control}
              name={`${base}.values`}
              render={({ field }) => {
                const chosen = (field.value as string[] | undefined) ?? [];
                return (
                  <Stack gap="2" direction="row" wrap="wrap" role="group" aria-label={d.title}>
                    {d.values.map((v) => (
                      <Checkbox.Root
                        key={v}
                        size="sm"
                        checked={chosen.includes(v)}
                        onCheckedChange={(c) => field.onChange(c.checked === true ? [...chosen.filter((x) => x !== v), v] : chosen.filter((x) => x !== v))}
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{v}</Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                  </Stack>
                );
              }}
            />
          </Fieldset.Root>
        );
      })}
    </SimpleGrid>
  );
}
