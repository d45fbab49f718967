import { Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import type { RouterOutputs } from '../../lib/trpc';
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
