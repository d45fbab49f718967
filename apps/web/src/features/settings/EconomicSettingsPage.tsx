import { Alert, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type TEconomicSettingsRequest, ZEconomicSettingsRequest } from '@klubhus/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { CheckboxField, Form, NumberField, TextareaField, TextField, useZodForm } from '../../ui/form';
import { PageHeader, Section } from '../../ui/PageHeader';
import { PageSpinner } from '../../ui/PageSpinner';
import { useSaveMutation } from '../../ui/save';
import { EconomicField } from '../products/EconomicField';

type Settings = RouterOutputs['economic']['settings'];

const toValues = (s: Settings): TEconomicSettingsRequest => ({
  productGroup: s.productGroup ?? '',
  productGroupVatExempt: s.productGroupVatExempt ?? '',
  customerGroup: s.customerGroup ?? '',
  vatZone: s.vatZone ?? '',
  paymentTerms: s.paymentTerms ?? '',
  layout: s.layout ?? '',
  feeProduct: s.feeProduct ?? '',
  discountProduct: s.discountProduct ?? '',
  invoiceText: s.invoiceText ?? '',
  daysOfCredit: s.daysOfCredit === null ? '' : String(s.daysOfCredit),
  agreementGrantToken: '',
  clearGrantToken: false,
});

/**
 * /settings/economic (the client settings' E-conomic tab, SPEC §2/§3 economic): the agreement's
 * grant token (write-only) and the defaults e-conomic gets for customers and invoices — each chosen
 * from e-conomic's own lists once the club is connected, typed by hand before.
 */
export default function EconomicSettingsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const q = useQuery(trpc.economic.settings.queryOptions());
  const form = useZodForm(ZEconomicSettingsRequest, { defaultValues: q.data ? toValues(q.data) : undefined });
  useEffect(() => {
    if (q.data) form.reset(toValues(q.data));
  }, [q.data, form]);
  const save = useSaveMutation({
    mutation: trpc.economic.saveSettings.mutationOptions(),
    success: (r) => r.message,
    onSuccess: () => queryClient.invalidateQueries(trpc.economic.pathFilter()),
  });
  if (!q.data) return <PageSpinner />;
  const s = q.data;
  return (
    <>
      <PageHeader title="E-conomic" />
      {!s.featureOn && (
        <Alert.Root status="info" mb="4">
          <Alert.Indicator />
          <Alert.Title>E-conomic-funktionen i modulet Ordrer er slået fra for klubben. Fakturaer bogføres kun i Klubhus.</Alert.Title>
        </Alert.Root>
      )}
      <Form form={form} onSubmit={(values) => save.mutate(values)}>
        <Stack gap="0">
          <Section title="Forbindelse">
            <Text fontSize="sm" color="fg.muted" mb="3">
              {s.hasGrantToken ? 'Klubben er forbundet med en aftale i e-conomic. Skriv et nyt token for at skifte aftale.' : 'Indsæt aftalens token (Agreement Grant Token) fra e-conomic.'}
            </Text>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField name="agreementGrantToken" label="Aftaletoken" type="password" autoComplete="off" placeholder={s.hasGrantToken ? '••••••••' : ''} />
              {s.hasGrantToken && <CheckboxField name="clearGrantToken" label="Fjern forbindelsen" />}
            </SimpleGrid>
          </Section>
          <Section title="Kunder">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <EconomicField name="customerGroup" label="Kundegruppe" list="customerGroups" />
              <EconomicField name="vatZone" label="Momszone" list="vatZones" />
              <EconomicField name="paymentTerms" label="Betalingsbetingelse" list="paymentTerms" />
              <NumberField name="daysOfCredit" label="Betalingsfrist (dage)" decimals={false} helperText="Fra fakturadato til betalingsdato. Tom: 8 dage." />
            </SimpleGrid>
          </Section>
          <Section title="Fakturaer">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <EconomicField name="layout" label="Layout" list="layouts" />
              <EconomicField name="productGroup" label="Varegruppe" list="productGroups" />
              <EconomicField name="productGroupVatExempt" label="Varegruppe for momsfrie varer" list="productGroups" />
              <EconomicField name="feeProduct" label="Produkt for gebyrer" list="products" />
              <EconomicField name="discountProduct" label="Produkt for rabatter" list="products" />
            </SimpleGrid>
            <Stack mt="4">
              <TextareaField name="invoiceText" label="Fakturatekst" helperText="Står nederst på fakturaen (højst 1000 tegn)." />
            </Stack>
          </Section>
          <HStack justify="flex-end" mt="4">
            <Button type="submit" colorPalette="brand" loading={save.isPending}>
              Gem
            </Button>
          </HStack>
        </Stack>
      </Form>
    </>
  );
}
