import { Box, Button, SimpleGrid, Stack } from '@chakra-ui/react';
import { ZOrderCategoryUpdateRequest } from '@klubhus/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { PageSpinner } from '../../ui/PageSpinner';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { CheckboxField, Form, FormField, ImageUpload, NumberField, TextareaField, TextField, useZodForm } from '../../ui/form';
import { LinkButton } from '../../ui/LinkButton';
import { PageHeader, Section } from '../../ui/PageHeader';
import { useSaveMutation } from '../../ui/save';
import { fileToUpload, krInput, useEditId, useLeaveOnError } from '../products/shared';

const LIST = '/orders/categories';
const FORM_ID = 'order-category-form';
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
export default function OrderCategoryEditPage() {
  const { isNew, id, valid, routeId } = useEditId();
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.orderCategories.get.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  useLeaveOnError(LIST, valid, q.error);
  if (!isNew && !q.data) return <PageSpinner />;
  return <CategoryForm key={routeId} initial={toValues(q.data)} />;
}

function CategoryForm({ initial }: { initial: Values }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [image, setImage] = useState<File | null>(null);
  const form = useZodForm(ZOrderCategoryUpdateRequest, { defaultValues: initial });
  const title = useWatch({ control: form.control, name: 'title' });
  const save = useSaveMutation({
    mutation: trpc.orderCategories.update.mutationOptions(),
    success: (r) => r.message,
    onSuccess: async (r) => {
      await queryClient.invalidateQueries(trpc.orderCategories.pathFilter());
      setImage(null);
      if (r.created) navigate(`${LIST}/${r.id}`, { replace: true });
      else form.reset(form.getValues());
    },
  });
  const heading = initial.id ? initial.title : 'Opret kategori';
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
      <Form
        id={FORM_ID}
        form={form}
        onSubmit={async () => {
          // Send what was typed (kroner): the parsed values hold øre, which the server would read as kroner.
          const raw = form.getValues();
          save.mutate({ ...raw, id: initial.id ?? null, imageFile: image ? [await fileToUpload(image)] : null });
        }}
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
                <ImageUpload value={image} onChange={setImage} currentUrl={initial.shop?.image ?? null} />
              </FormField>
            </Box>
          </SimpleGrid>
          <Box mt="4">
            <TextareaField name="shop.description" label="Beskrivelse" />
          </Box>
        </Section>
      </Form>
    </>
  );
}
