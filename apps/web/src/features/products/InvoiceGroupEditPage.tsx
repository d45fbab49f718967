import { Button, SimpleGrid, Text } from '@chakra-ui/react';
import { ZInvoiceGroupUpdateRequest } from '@klubhus/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { PageSpinner } from '../../ui/PageSpinner';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { CheckboxField, Form, NumberField, TextField, useZodForm } from '../../ui/form';
import { LinkButton } from '../../ui/LinkButton';
import { PageHeader, Section } from '../../ui/PageHeader';
import { useSaveMutation } from '../../ui/save';
import { FormTabs, useEditId, useLeaveOnError } from './shared';

const LIST = '/products/invoicegroups';
const FORM_ID = 'invoice-group-form';
type Values = z.input<typeof ZInvoiceGroupUpdateRequest>;
type Group = RouterOutputs['invoiceGroups']['get'];

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function toValues(g: Group | undefined): Values {
  if (!g) return { id: null, title: '', sku: '', sorting: '0', vatExempt: false, economic: { productGroup: '' } };
  return {
    id: g.id,
    title: g.title,
    sku: g.sku ?? '',
    sorting: String(g.sorting),
    vatExempt: g.vatExempt,
    economic: { ...g.economic, productGroup: str(g.economic?.productGroup) },
  };
}

/** /products/invoicegroups/:id: tabs Gruppe and E-conomic. */
export default function InvoiceGroupEditPage() {
  const { isNew, id, valid, routeId } = useEditId();
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.invoiceGroups.get.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  useLeaveOnError(LIST, valid, q.error);
  if (!isNew && !q.data) return <PageSpinner />;
  return <GroupForm key={routeId} initial={toValues(q.data)} />;
}

function GroupForm({ initial }: { initial: Values }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useZodForm(ZInvoiceGroupUpdateRequest, { defaultValues: initial });
  const title = useWatch({ control: form.control, name: 'title' });
  const save = useSaveMutation({
    mutation: trpc.invoiceGroups.update.mutationOptions(),
    success: (r) => r.message,
    onSuccess: async (r) => {
      await queryClient.invalidateQueries(trpc.invoiceGroups.pathFilter());
      if (r.created) navigate(`${LIST}/${r.id}`, { replace: true });
      else form.reset(form.getValues());
    },
  });
  const heading = initial.id ? initial.title : 'Opret fakturagruppe';
  return (
    <>
      <PageHeader
        title={initial.id ? title || initial.title : heading}
        documentTitle={heading}
        actions={
          <>
            <LinkButton to={LIST} variant="outline">
              Tilbage
            </LinkButton>
            <Button type="submit" form={FORM_ID} colorPalette="brand" loading={save.isPending}>
              Gem
            </Button>
          </>
        }
      />
      <Form id={FORM_ID} form={form} onSubmit={(values) => save.mutate({ ...values, id: initial.id ?? null })}>
        <FormTabs
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
                    <TextField name="economic.productGroup" label="Varegruppe (nummer)" />
                  </SimpleGrid>
                  <Text mt="3" fontSize="sm" color="fg.muted">
                    Varegruppen i e-conomic, som produkter i denne gruppe bogføres på. Valg fra listen over varegrupper kommer med
                    e-conomic-integrationen.
                  </Text>
                </Section>
              ),
            },
          ]}
        />
      </Form>
    </>
  );
}
