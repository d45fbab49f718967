import { SimpleGrid, Stack } from '@chakra-ui/react';
import { EXTRA_INFO_TYPES, ZEventExtraInfo } from '@klubhus/domain';
import type { z } from 'zod';
import { CheckboxField, SelectField, StringListField, TextField } from '../../../ui/form';
import { ModalRowsSection, rowTexts, useFormRows } from '../../../ui/ModalRowsSection';
import { YesNo } from '../../../ui/TableParts';

type Draft = z.input<typeof ZEventExtraInfo>;
const NEW_ROW = (): Draft => ({ title: '', alias: '', type: 'Text', values: [], required: false });

/** Extra-info definitions the attendees answer (SPEC §3: title, alias, type, values, required). */
export function ExtraInfoSection() {
  const rows = useFormRows<Draft>('extraInfo');
  return (
    <ModalRowsSection<Draft>
      {...rows}
      title="Ekstra oplysninger"
      {...rowTexts<Draft>('felt', 'dette', (r) => r.title)}
      columns={[
        { header: 'Titel', cell: (r) => r.title, cellProps: { fontWeight: 'medium' } },
        { header: 'Alias', cell: (r) => r.alias },
        { header: 'Type', cell: (r) => String(r.type ?? '') },
        { header: 'Påkrævet', cell: (r) => <YesNo value={r.required === true} /> },
      ]}
      modal={{
        testId: 'extra-info-modal',
        schema: ZEventExtraInfo,
        newRow: NEW_ROW,
        fields: (
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <TextField name="title" label="Titel" required />
              <TextField name="alias" label="Alias" required />
            </SimpleGrid>
            <SelectField name="type" label="Type" options={EXTRA_INFO_TYPES.map((t) => ({ value: t, label: t }))} />
            <StringListField name="values" label="Værdier" placeholder="Adskil med komma" />
            <CheckboxField name="required" label="Påkrævet" />
          </Stack>
        ),
      }}
    />
  );
}
