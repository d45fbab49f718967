import { Box, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { kroner, ZDiscountCodeUpdateRequest } from '@klubhus/domain';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { EditPage, recordPage } from '../../ui/EditPage';
import { CheckboxField, DateField, FormField, NumberField, TextField, useZodForm } from '../../ui/form';
import { Section } from '../../ui/PageHeader';
import type { RecordRoute } from '../../ui/useRecordRoute';
import { krInput, ProductSearch, ProductTags } from '../products/shared';
type Values = z.input<typeof ZDiscountCodeUpdateRequest>;

/**
 * The shared schema checks the discount only once every other field is valid
 * (it is converted in the object's transform). The form shows all messages at
 * once: a missing code and a non-numeric discount together.
 */
const ZDiscountCodeForm = z.custom<Values>(() => true).transform((values, ctx) => {
  const parsed = ZDiscountCodeUpdateRequest.safeParse(values);
  const issues = parsed.success ? [] : [...parsed.error.issues];
  if (!issues.some((i) => i.path[0] === 'discount')) {
    const discount = kroner('Rabat').safeParse(values?.discount ?? '');
    if (!discount.success) issues.push({ ...discount.error.issues[0], path: ['discount'] });
  }
  for (const issue of issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return parsed.success ? parsed.data : z.NEVER;
});
type DiscountCode = RouterOutputs['discountCodes']['get'];

function toValues(c: DiscountCode | undefined): Values {
  // SPEC §9: a new code is a percentage code and not active.
  if (!c) return { id: null, title: '', code: '', expires: '', amount: '', discount: '', percentage: true, active: false, productIds: [] };
  return {
    id: c.id,
    title: c.title,
    code: c.code,
    expires: c.expires,
    amount: c.amount === null ? '' : String(c.amount),
    discount: krInput(c.discount),
    percentage: c.percentage,
    active: c.active,
    productIds: c.productIds,
  };
}

/** /orders/discount-codes/:id: a discount code with the products it applies to. */
export default recordPage('/orders/discount-codes', (trpc, id) => trpc.discountCodes.get.queryOptions({ id }), CodeForm);

/** The code's form; the products picker keeps the titles of the products it has shown. */
function CodeForm({ route }: { route: RecordRoute<DiscountCode> }) {
  const trpc = useTRPC();
  const form = useZodForm(ZDiscountCodeForm, { defaultValues: toValues(route.record) });
  const percentage = useWatch({ control: form.control, name: 'percentage' });
  return (
    <EditPage route={route} form={form} newHeading="Opret rabatkode" mutation={trpc.discountCodes.update.mutationOptions()}
      invalidate={[trpc.discountCodes.pathFilter()]}
      toInput={({ discountHundredths: _hundredths, ...input }) => ({ ...input, id: route.id })}
    >
      <Section title="Rabatkode">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField name="title" label="Titel" required />
          <TextField name="code" label="Kode" required helperText="Koden kunden skriver ved betaling; store og små bogstaver er ens." />
          <DateField name="expires" label="Udløbsdato" required />
          <TextField
            name="amount"
            label="Antal"
            inputProps={{ inputMode: 'numeric' }}
            helperText={route.record ? `Hvor mange gange koden kan bruges (tom = ubegrænset). Brugt ${route.record.uses} gange.` : 'Hvor mange gange koden kan bruges (tom = ubegrænset).'}
          />
          <NumberField name="discount" label={percentage ? 'Rabat (%)' : 'Rabat (kr.)'} required />
        </SimpleGrid>
        <Stack mt="4" gap="3">
          <CheckboxField name="percentage" label="Rabat i procent" helperText="Uden flueben er rabatten et beløb i kroner." />
          <CheckboxField name="active" label="Aktiv" />
        </Stack>
      </Section>
      <Section title="Produkter">
        <ProductsField initial={route.record?.products ?? []} />
      </Section>
    </EditPage>
  );
}

/** The products the code applies to (none: every product). */
function ProductsField({ initial }: { initial: { id: number; title: string }[] }) {
  const { control } = useFormContext<Values>();
  const [known, setKnown] = useState(() => new Map(initial.map((p) => [p.id, p.title])));
  return (
    <FormField name="productIds" label="Vælg produkter" helperText="Uden valgte produkter gælder koden alle produkter.">
      <Controller
        control={control}
        name="productIds"
        render={({ field }) => {
          const ids = ((field.value as (number | string)[] | null | undefined) ?? []).map(Number);
          return (
            <Box w="full">
              <ProductSearch
                label="Tilføj produkt"
                exclude={ids}
                onPick={(p) => {
                  setKnown((m) => new Map(m).set(p.id, p.title));
                  field.onChange([...ids, p.id]);
                }}
              />
              <ProductTags products={ids.map((id) => ({ id, title: known.get(id) ?? `#${id}` }))} onRemove={(id) => field.onChange(ids.filter((x) => x !== id))} />
              {ids.length === 0 && (
                <Text mt="3" fontSize="sm" color="fg.muted">
                  Alle produkter
                </Text>
              )}
            </Box>
          );
        }}
      />
    </FormField>
  );
}
