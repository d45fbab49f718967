import { SimpleGrid, Stack } from '@chakra-ui/react';
import { ZProductVariant } from '@klubhus/domain';
import { CheckboxField, NumberField, TextField } from '../../../ui/form';
import { ModalRowsSection, rowTexts, useFormRows } from '../../../ui/ModalRowsSection';
import { YesNo } from '../../../ui/TableParts';
import { krText, type VariantDraft } from './values';

const NEW_VARIANT = (): VariantDraft => ({ id: null, title: '', sku: '', price: '', saleAmount: '', active: true, sorting: 0 });

/** Variants: title and price required (price a decimal), sale amount a whole number (SPEC §5); sorting follows the table. */
export function VariantsSection() {
  const rows = useFormRows<VariantDraft>('variants', { sortKey: 'sorting' });
  return (
    <ModalRowsSection<VariantDraft>
      {...rows}
      title="Varianter"
      {...rowTexts<VariantDraft>('variant', 'denne', (v) => v.title)}
      columns={[
        { header: 'Titel', cell: (v) => v.title, cellProps: { fontWeight: 'medium' } },
        { header: 'Varenr.', cell: (v) => v.sku },
        { header: 'Pris', cell: (v) => krText(v.price), cellProps: { whiteSpace: 'nowrap' } },
        { header: 'Salgsantal', cell: (v) => (v.saleAmount == null ? '' : String(v.saleAmount)) },
        { header: 'Aktiv', cell: (v) => <YesNo value={v.active !== false} /> },
      ]}
      modal={{
        testId: 'variant-modal',
        schema: ZProductVariant,
        newRow: NEW_VARIANT,
        fields: (
          <Stack gap="4">
            <TextField name="title" label="Titel" required />
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <TextField name="sku" label="Varenr." />
              <NumberField name="price" label="Pris (kr.)" required />
              <NumberField name="saleAmount" label="Salgsantal" decimals={false} helperText="Tom: ubegrænset." />
            </SimpleGrid>
            <CheckboxField name="active" label="Aktiv" />
          </Stack>
        ),
      }}
    />
  );
}
