import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import { AsyncSelectField, CheckboxField, TextField } from '../../../ui/form';
import { Section } from '../../../ui/PageHeader';

/** Invoice text and group, VAT exemption and how the product shows on invoices and exports. */
export function InvoiceSection() {
  const trpc = useTRPC();
  const groups = useQuery(trpc.invoiceGroups.options.queryOptions());
  return (
    <Section title="Faktura">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="invoiceTitle" label="Fakturatekst" helperText="Tom: produktets titel bruges." />
        <AsyncSelectField
          name="invoiceGroupId"
          label="Fakturagruppe"
          placeholder="Ingen gruppe"
          options={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.vatExempt ? `${g.title} (momsfri)` : g.title }))}
        />
      </SimpleGrid>
      <Stack mt="4" gap="3" direction={{ base: 'column', md: 'row' }} wrap="wrap" columnGap="8">
        <CheckboxField name="showOnInvoice" label="Vis på faktura" />
        <CheckboxField name="prePayment" label="Forudbetaling" />
        <CheckboxField name="vatExempt" label="Momsfri" />
        <CheckboxField name="appendix" label="Bilag til aftale" />
        <CheckboxField name="hideExport" label="Skjul i eksport" />
      </Stack>
    </Section>
  );
}
