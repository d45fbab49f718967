import { Box, SimpleGrid, Stack } from '@chakra-ui/react';
import { ZOrderCategoryUpdateRequest } from '@klubhus/domain';
import { useState } from 'react';
import type { z } from 'zod';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { EditPage, recordPage } from '../../ui/EditPage';
import { CheckboxField, FormField, ImageUpload, NumberField, TextareaField, TextField, useZodForm } from '../../ui/form';
import { Section } from '../../ui/PageHeader';
import type { RecordRoute } from '../../ui/useRecordRoute';
import { toUpload } from '../../lib/transfer';
import { krInput } from '../products/shared';

type Values = z.input<typeof ZOrderCategoryUpdateRequest>;
type Category = RouterOutputs['orderCategories']['get'];

function toValues(c: Category | undefined): Values {
  if (!c) {
    return {
      id: null,
      title: '',
      sku: '',
      price: '',
      invoiceTitle: '',
      sorting: '0',
      showOnShop: false,
      hideOnContract: false,
      shop: { title: '', description: '', image: null },
    };
  }
  return {
    id: c.id,
    title: c.title,
    sku: c.sku ?? '',
    price: krInput(c.price),
    invoiceTitle: c.invoiceTitle ?? '',
    sorting: String(c.sorting),
    showOnShop: c.showOnShop,
    hideOnContract: c.hideOnContract,
    shop: { title: c.shop?.title ?? '', description: c.shop?.description ?? '', image: c.shop?.image ?? null },
  };
}

/** /orders/categories/:id: an order/agreement category with its webshop texts and image. */
export default recordPage('/orders/categories', (trpc, id) => trpc.orderCategories.get.queryOptions({ id }), CategoryForm);

/** The category's form with its webshop image. */
function CategoryForm({ route }: { route: RecordRoute<Category> }) {
  const trpc = useTRPC();
  const [image, setImage] = useState<File | null>(null);
  const form = useZodForm(ZOrderCategoryUpdateRequest, { defaultValues: toValues(route.record) });
  return (
    <EditPage route={route} form={form} newHeading="Opret kategori" mutation={trpc.orderCategories.update.mutationOptions()}
      invalidate={[trpc.orderCategories.pathFilter()]}
      // Send what was typed (kroner): the parsed values hold øre, which the server would read as kroner.
      toInput={async () => ({ ...form.getValues(), id: route.id, imageFile: image ? [await toUpload(image)] : null })}
      onSaved={() => setImage(null)}
    >
      <Section title="Kategori">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField name="title" label="Titel" required />
          <TextField name="sku" label="Varenr." helperText="Med varenummer tilføjes en linje for kategorien på ordrer og aftaler." />
          <NumberField name="price" label="Pris (kr.)" />
          <TextField name="invoiceTitle" label="Fakturatekst" />
          <NumberField name="sorting" label="Sortering" decimals={false} />
        </SimpleGrid>
        <Stack mt="4" gap="3">
          <CheckboxField name="showOnShop" label="Vis i webshop" />
          <CheckboxField name="hideOnContract" label="Skjul på aftaler" />
        </Stack>
      </Section>
      <Section title="Webshop">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField name="shop.title" label="Titel i webshop" />
          <Box>
            <FormField name="imageFile" label="Billede">
              <ImageUpload value={image} onChange={setImage} currentUrl={route.record?.shop?.image ?? null} />
            </FormField>
          </Box>
        </SimpleGrid>
        <Box mt="4">
          <TextareaField name="shop.description" label="Beskrivelse" />
        </Box>
      </Section>
    </EditPage>
  );
}
