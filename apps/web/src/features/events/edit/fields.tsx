import { Checkbox, Wrap } from '@chakra-ui/react';
import { Controller, useFormContext } from 'react-hook-form';
import { FormField } from '../../../ui/form';

/** A number[] field as a row of checkboxes (reminder days, product ids). */
export function CheckboxGroupField({ name, label, options }: { name: string; label: string; options: { value: number; label: string }[] }) {
  const { control } = useFormContext();
  return (
    <FormField name={name} label={label}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const chosen = new Set<number>(((field.value as (number | string)[] | null) ?? []).map(Number));
          return (
            <Wrap gap="4" role="group" aria-label={label}>
              {options.map((o) => (
                <Checkbox.Root
                  key={o.value}
                  checked={chosen.has(o.value)}
                  onCheckedChange={(d) => {
                    const next = new Set(chosen);
                    if (d.checked === true) next.add(o.value);
                    else next.delete(o.value);
                    field.onChange([...next].sort((a, b) => a - b));
                  }}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{o.label}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Wrap>
          );
        }}
      />
    </FormField>
  );
}
