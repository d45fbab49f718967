import { Checkbox, Fieldset, Input, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type ExtraInfoDefinition, isMultiple } from '@klubhus/domain';
import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { FormField, ValueSelect } from '../../ui/form';

export { type ExtraInfoValue, extraInfoDefinitions, extraInfoFormValues, isMultiple } from '@klubhus/domain';

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
        if (d.type === 'Select' && !isMultiple(d)) {
          return (
            <FormField key={d.alias} name={`${base}.value`} label={d.title}>
              <ValueSelect bg="bg" values={d.values} {...register(`${base}.value`)} />
            </FormField>
          );
        }
        if (d.type === 'Radio' && !isMultiple(d)) {
          return (
            <LegendGroup key={d.alias} title={d.title}>
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
            </LegendGroup>
          );
        }
        // isMultiple: Checkbox, or Radio/Select with multiple: a set of checkboxes.
        return (
          <LegendGroup key={d.alias} title={d.title}>
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
          </LegendGroup>
        );
      })}
    </SimpleGrid>
  );
}

function LegendGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="medium" fontSize="sm" mb="2">
        {title}
      </Fieldset.Legend>
      {children}
    </Fieldset.Root>
  );
}
