import { Box, Checkbox, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FIELD_TYPES, FieldDefaultError, type FieldType, normaliseDefaultValue, ZCustomFieldUpdateRequest } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { EditPage, recordPage } from '../../ui/EditPage';
import { AsyncSelectField, DateField, FormField, NumberField, SelectField, StringListField, TextField, useZodForm } from '../../ui/form';
import { Section } from '../../ui/PageHeader';
import type { RecordRoute } from '../../ui/useRecordRoute';
import { FIELD_TYPE_LABELS } from '../products/shared';
type FieldRow = RouterOutputs['customFields']['get'];

/** The shared schema plus the default-value check the server makes (SPEC §5: a Number field's default is a decimal). */
const ZFieldForm = ZCustomFieldUpdateRequest.superRefine((v, ctx) => {
  try {
    normaliseDefaultValue(v.type, v.defaultValue, v.type === 'Dropdown' ? v.values : []);
  } catch (error) {
    if (error instanceof FieldDefaultError) ctx.addIssue({ code: 'custom', message: error.message, path: ['defaultValue'] });
    else throw error;
  }
});
type Values = z.input<typeof ZFieldForm>;

function toValues(f: FieldRow | undefined): Values {
  if (!f) return { id: null, title: '', type: '', categoryIds: [], sorting: '0', values: [], defaultValue: '' };
  return {
    id: f.id,
    title: f.title,
    type: f.type,
    categoryIds: f.categoryIds,
    sorting: String(f.sorting),
    values: f.values,
    defaultValue: f.type === 'Number' && f.defaultValue ? f.defaultValue.replace('.', ',') : (f.defaultValue ?? ''),
  };
}

/** /orders/fields/:id: a custom field of orders and agreements. */
export default recordPage('/orders/fields', (trpc, id) => trpc.customFields.get.queryOptions({ id }), FieldForm);

/** The field's form; the server normalises the default value (a Number's decimal comes back with a point). */
function FieldForm({ route }: { route: RecordRoute<FieldRow> }) {
  const trpc = useTRPC();
  const form = useZodForm(ZFieldForm, { defaultValues: toValues(route.record) });
  const saved = (r: { defaultValue: string | null }) => {
    const values = form.getValues();
    form.reset({ ...values, defaultValue: r.defaultValue === null ? '' : values.type === 'Number' ? r.defaultValue.replace('.', ',') : r.defaultValue });
  };
  return (
    <EditPage route={route} form={form} newHeading="Opret felt" mutation={trpc.customFields.update.mutationOptions()} invalidate={[trpc.customFields.pathFilter()]} onSaved={saved}>
      <Section title="Felt">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField name="title" label="Titel" required />
          <SelectField
            name="type"
            label="Type"
            required
            placeholder="Vælg type"
            options={FIELD_TYPES.map((t) => ({ value: t, label: FIELD_TYPE_LABELS[t] ?? t }))}
          />
          <NumberField name="sorting" label="Sortering" decimals={false} />
        </SimpleGrid>
        <TypeDependentFields />
      </Section>
      <Section title="Kategorier">
        <CategoriesField />
      </Section>
    </EditPage>
  );
}

/** Values (Dropdown) and the default value, whose control follows the type; a type change clears the default (SPEC §4). */
function TypeDependentFields() {
  const { control, setValue } = useFormContext<Values>();
  const type = useWatch({ control, name: 'type' }) as FieldType | '';
  const values = (useWatch({ control, name: 'values' }) as string[] | undefined) ?? [];
  const previous = useRef(type);
  useEffect(() => {
    if (previous.current !== type) {
      previous.current = type;
      setValue('defaultValue', '', { shouldDirty: true, shouldValidate: false });
    }
  }, [type, setValue]);
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="4">
      {type === 'Dropdown' && (
        <StringListField name="values" label="Værdier" required placeholder="Rød, Grøn, Blå" helperText="Adskil værdierne med komma." />
      )}
      <DefaultValueField type={type} values={values} />
    </SimpleGrid>
  );
}

function DefaultValueField({ type, values }: { type: FieldType | ''; values: string[] }) {
  const { control } = useFormContext<Values>();
  const label = 'Standardværdi';
  switch (type) {
    case '':
      return null;
    case 'Upload':
      return (
        <Text fontSize="sm" color="fg.muted" alignSelf="flex-end">
          Et upload-felt har ingen standardværdi.
        </Text>
      );
    case 'Number':
      return <NumberField name="defaultValue" label={label} />;
    case 'Date':
      return <DateField name="defaultValue" label={label} />;
    case 'DateTime':
      return <DateField name="defaultValue" label={label} type="datetime-local" />;
    case 'Time':
      return <DateField name="defaultValue" label={label} type="time" />;
    case 'Dropdown':
      return <AsyncSelectField name="defaultValue" label={label} placeholder="Ingen" options={values.map((v) => ({ value: v, label: v }))} />;
    case 'Checkbox':
      return (
        <FormField name="defaultValue" label={label}>
          <Controller
            control={control}
            name="defaultValue"
            render={({ field }) => (
              <Checkbox.Root checked={field.value === 'true'} onCheckedChange={(d) => field.onChange(d.checked === true ? 'true' : 'false')}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>Afkrydset som standard</Checkbox.Label>
              </Checkbox.Root>
            )}
          />
        </FormField>
      );
    default:
      return <TextField name="defaultValue" label={label} />;
  }
}

function CategoriesField() {
  const trpc = useTRPC();
  const { control } = useFormContext<Values>();
  const categories = useQuery(trpc.orderCategories.options.queryOptions());
  return (
    <Controller
        control={control}
        name="categoryIds"
        render={({ field }) => {
          const chosen = ((field.value as (number | string)[] | null | undefined) ?? []).map(Number);
          if (categories.data && categories.data.length === 0) {
            return <Text color="fg.muted">Der er endnu ingen kategorier.</Text>;
          }
          return (
            <Box>
              <Text fontSize="sm" color="fg.muted" mb="3">
                Feltet vises på ordrer og aftaler i de valgte kategorier.
              </Text>
              <Stack gap="2" role="group" aria-label="Kategorier">
                {(categories.data ?? []).map((c) => (
                  <Checkbox.Root
                    key={c.id}
                    checked={chosen.includes(c.id)}
                    onCheckedChange={(d) => field.onChange(d.checked === true ? [...chosen, c.id] : chosen.filter((x) => x !== c.id))}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{c.title}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
            </Box>
          );
        }}
      />
  );
}
