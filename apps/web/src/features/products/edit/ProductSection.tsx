import { Box, SimpleGrid, Stack } from '@chakra-ui/react';
import { PRODUCT_TYPE_LABELS, PRODUCT_TYPES } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTRPC } from '../../../lib/trpc';
import { AsyncSelectField, CheckboxField, NumberField, SelectField, TextareaField, TextField } from '../../../ui/form';
import { Section } from '../../../ui/PageHeader';
import type { Values } from './values';

/** The basics: title, type, SKU, category, price, sale amount, sorting, description and flags. */
export function ProductSection() {
  const trpc = useTRPC();
  const categories = useQuery(trpc.products.categories.queryOptions());
  const { control, setValue, getValues } = useFormContext<Values>();
  const type = useWatch({ control, name: 'type' });
  // Reservation belongs to seat tickets only (SPEC §3): switching type away clears it.
  useEffect(() => {
    if (type !== 'seat-ticket' && getValues('reservation')) setValue('reservation', false);
  }, [type, setValue, getValues]);
  return (
    <Section title="Produkt">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="title" label="Titel" required />
        <SelectField name="type" label="Type" required options={PRODUCT_TYPES.map((t) => ({ value: t, label: PRODUCT_TYPE_LABELS[t] }))} />
        <TextField name="sku" label="Varenr." />
        <AsyncSelectField
          name="categoryId"
          label="Kategori"
          placeholder="Ingen kategori"
          options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.title }))}
        />
        <NumberField name="price" label="Pris (kr.)" required />
        <NumberField name="saleAmount" label="Salgsantal" decimals={false} helperText="Antal der kan sælges. Tom: ubegrænset." />
        <NumberField name="sorting" label="Sortering" decimals={false} />
      </SimpleGrid>
      <Box mt="4">
        <TextareaField name="description" label="Beskrivelse" />
      </Box>
      <Stack mt="4" gap="3" direction={{ base: 'column', md: 'row' }} wrap="wrap" columnGap="8">
        <CheckboxField name="active" label="Aktiv" />
        <CheckboxField name="seasonTicket" label="Sæsonkort" />
        <CheckboxField name="poolProduct" label="Puljeprodukt" />
        {type === 'seat-ticket' && <CheckboxField name="reservation" label="Reservation" helperText="Pladser holdes til sæsonkortholdere." />}
      </Stack>
    </Section>
  );
}
