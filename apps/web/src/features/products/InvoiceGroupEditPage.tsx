import { SimpleGrid, Text } from '@chakra-ui/react';
import { ZInvoiceGroupUpdateRequest } from '@klubhus/domain';
import type { z } from 'zod';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { EditPage, recordPage } from '../../ui/EditPage';
import { CheckboxField, NumberField, TextField, useZodForm } from '../../ui/form';
import { Section } from '../../ui/PageHeader';
import type { RecordRoute } from '../../ui/useRecordRoute';
import { EconomicField } from './EconomicField';

type Values = z.input<typeof ZInvoiceGroupUpdateRequest>;
type Group = RouterOutputs['invoiceGroups']['get'];

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function toValues(g: Group | undefined): Values {
  if (!g) return { id: null, title: '', sku: '', sorting: '0', vatExempt: false, economic: { productGroup: '', unit: '' } };
  return {
    id: g.id,
    title: g.title,
    sku: g.sku ?? '',
    sorting: String(g.sorting),
    vatExempt: g.vatExempt,
    economic: { ...g.economic, productGroup: str(g.economic?.productGroup), unit: str(g.economic?.unit) },
  };
}

/** /products/invoicegroups/:id: tabs Gruppe and E-conomic. */
export default recordPage('/products/invoicegroups', (trpc, id) => trpc.invoiceGroups.get.queryOptions({ id }), GroupForm);

/** The group's form: Titel, Varenr., Sortering, Momsfri; the e-conomic product group. */
function GroupForm({ route }: { route: RecordRoute<Group> }) {
  const trpc = useTRPC();
  const form = useZodForm(ZInvoiceGroupUpdateRequest, { defaultValues: toValues(route.record) });
  return (
    <EditPage route={route} form={form} newHeading="Opret fakturagruppe" mutation={trpc.invoiceGroups.update.mutationOptions()} invalidate={[trpc.invoiceGroups.pathFilter()]}
      tabs={[
        {
          value: 'group',
          label: 'Gruppe',
          fields: ['title', 'sku', 'sorting', 'vatExempt'],
          content: (
            <Section title="Gruppe">
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <TextField name="title" label="Titel" required />
                <TextField name="sku" label="Varenr." />
                <NumberField name="sorting" label="Sortering" decimals={false} />
              </SimpleGrid>
              <SimpleGrid mt="4">
                <CheckboxField name="vatExempt" label="Momsfri" helperText="Produkter i gruppen faktureres uden moms." />
              </SimpleGrid>
            </Section>
          ),
        },
        {
          value: 'economic',
          label: 'E-conomic',
          fields: ['economic'],
          content: (
            <Section title="E-conomic">
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <EconomicField name="economic.productGroup" label="Varegruppe" list="productGroups" />
                <EconomicField name="economic.unit" label="Enhed" list="units" />
              </SimpleGrid>
              <Text mt="3" fontSize="sm" color="fg.muted">
                Varegruppen og enheden i e-conomic, som produkter i denne gruppe bogføres med.
              </Text>
            </Section>
          ),
        },
      ]}
    />
  );
}
