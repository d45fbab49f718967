import { SimpleGrid, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { CheckboxField, DateField, FormField, NumberField, SelectField, TextareaField, TextField } from '../../ui/form';

type CustomField = RouterOutputs['customFields']['forCategory'][number];

/**
 * One custom field of the order's category by its type (SPEC §3 Custom field): Text, RichText,
 * Number (a decimal, comma accepted), Dropdown, Date, DateTime, Time, Checkbox. Its value lives at
 * custom.f{id}; an empty field starts from the field's default. Upload fields take files, which
 * orders do not store yet.
 */
export function FieldInput({ field }: { field: CustomField }) {
  const name = `custom.f${field.id}`;
  const { getValues, setValue } = useFormContext();
  useEffect(() => {
    const v = getValues(name);
    if ((v === undefined || v === null || v === '') && field.defaultValue) setValue(name, field.type === 'Checkbox' ? field.defaultValue === 'true' : field.defaultValue);
  }, [name, field.defaultValue, field.type, getValues, setValue]);
  switch (field.type) {
    case 'RichText':
      return <TextareaField name={name} label={field.title} rows={3} />;
    case 'Number':
      return <NumberField name={name} label={field.title} />;
    case 'Dropdown':
      return <SelectField name={name} label={field.title} options={[{ value: '', label: 'Vælg' }, ...field.values.map((v) => ({ value: v, label: v }))]} />;
    case 'Date':
      return <DateField name={name} label={field.title} />;
    case 'DateTime':
      return <DateField name={name} label={field.title} type="datetime-local" />;
    case 'Time':
      return <DateField name={name} label={field.title} type="time" />;
    case 'Checkbox':
      return <CheckboxField name={name} label={field.title} />;
    case 'Upload':
      return (
        <FormField name={name} label={field.title}>
          <Text fontSize="sm" color="fg.muted">
            Filer til ordrer kan endnu ikke uploades her.
          </Text>
        </FormField>
      );
    default:
      return <TextField name={name} label={field.title} />;
  }
}

/** The custom fields of an order category (customFields.forCategory), one input each; nothing without a category. */
export function CategoryFields({ categoryId }: { categoryId: number }) {
  const trpc = useTRPC();
  const fields = useQuery({ ...trpc.customFields.forCategory.queryOptions({ categoryId }), enabled: categoryId > 0 });
  if (!(categoryId > 0 && (fields.data ?? []).length > 0)) return null;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" role="group" aria-label="Felter">
      {(fields.data ?? []).map((f) => (
        <FieldInput key={f.id} field={f} />
      ))}
    </SimpleGrid>
  );
}
