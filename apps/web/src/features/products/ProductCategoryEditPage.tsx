import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ZProductCategoryUpdateRequest } from '@klubhus/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { EditPage, recordPage } from '../../ui/EditPage';
import { CheckboxField, FormField, ImageUpload, NumberField, TextareaField, TextField, useZodForm } from '../../ui/form';
import { Section } from '../../ui/PageHeader';
import { useSaveMutation } from '../../ui/save';
import type { RecordRoute } from '../../ui/useRecordRoute';
import { toUpload } from '../../lib/transfer';
import { SortableProductList } from './SortableProductList';

type Values = z.input<typeof ZProductCategoryUpdateRequest>;
type Category = RouterOutputs['productCategories']['get'];

function toValues(c: Category | undefined): Values {
  if (!c) return { id: null, title: '', sorting: '0', shop: { active: false, title: '', description: '', image: null } };
  return {
    id: c.id,
    title: c.title,
    sorting: String(c.sorting),
    shop: { active: !!c.shop?.active, title: c.shop?.title ?? '', description: c.shop?.description ?? '', image: c.shop?.image ?? null },
  };
}

/** /products/categories/:id: tabs Kategori (with the webshop's and the agreements' product order) and Webshop. */
export default recordPage('/products/categories', (trpc, id) => trpc.productCategories.get.queryOptions({ id }), CategoryForm);

/** The category's form; the image is sent with it when one is chosen. */
function CategoryForm({ route }: { route: RecordRoute<Category> }) {
  const trpc = useTRPC();
  const [image, setImage] = useState<File | null>(null);
  const form = useZodForm(ZProductCategoryUpdateRequest, { defaultValues: toValues(route.record) });
  return (
    <EditPage route={route} form={form} newHeading="Opret kategori" mutation={trpc.productCategories.update.mutationOptions()}
      invalidate={[trpc.productCategories.pathFilter(), trpc.products.pathFilter()]}
      toInput={async (values) => ({ ...values, id: route.id, imageFile: image ? [await toUpload(image)] : null })}
      onSaved={() => setImage(null)}
      tabs={[
        {
          value: 'category',
          label: 'Kategori',
          fields: ['title', 'sorting'],
          content: (
            <>
              <Section title="Kategori">
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <TextField name="title" label="Titel" required />
                  <NumberField name="sorting" label="Sortering" decimals={false} />
                </SimpleGrid>
              </Section>
              {route.id ? (
                <ProductOrders categoryId={route.id} />
              ) : (
                <Text color="fg.muted">Gem kategorien for at sortere dens produkter.</Text>
              )}
            </>
          ),
        },
        {
          value: 'shop',
          label: 'Webshop',
          fields: ['shop', 'imageFile'],
          content: (
            <Section title="Webshop">
              <Stack gap="4">
                <CheckboxField name="shop.active" label="Vis kategorien i webshoppen" />
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <TextField name="shop.title" label="Titel i webshop" helperText="Tom: kategoriens titel bruges." />
                  <FormField name="imageFile" label="Billede">
                    <ImageUpload value={image} onChange={setImage} currentUrl={route.record?.shop?.image ?? null} />
                  </FormField>
                </SimpleGrid>
                <TextareaField name="shop.description" label="Beskrivelse" />
              </Stack>
            </Section>
          ),
        },
      ]}
    />
  );
}

/** The two product orders of a category: the webshop's and the agreements'; each drop is saved at once. */
function ProductOrders({ categoryId }: { categoryId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sort = useSaveMutation({
    mutation: trpc.productCategories.sortProducts.mutationOptions(),
    success: (r) => r.message,
    onSuccess: () => queryClient.invalidateQueries(trpc.productCategories.products.pathFilter()),
    onError: () => queryClient.invalidateQueries(trpc.productCategories.products.pathFilter()),
  });
  const orders = [
    { contract: false, title: 'Rækkefølge i webshop', text: 'Træk i håndtaget for at ændre rækkefølgen, som produkterne vises i i webshoppen.' },
    { contract: true, title: 'Rækkefølge på aftaler', text: 'Rækkefølgen, som produkterne vises i, når en aftale oprettes.' },
  ];
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
      {orders.map((o) => (
        <Section key={o.title} title={o.title}>
          <Text fontSize="sm" color="fg.muted" mb="4">
            {o.text}
          </Text>
          <ProductOrder
            categoryId={categoryId}
            contract={o.contract}
            label={o.title}
            saving={sort.isPending}
            onReorder={(productIds) => sort.mutate({ id: categoryId, contract: o.contract, productIds })}
          />
        </Section>
      ))}
    </SimpleGrid>
  );
}

/** One of the orders: the category's products as the webshop or the agreements show them. */
function ProductOrder({ categoryId, contract, label, saving, onReorder }: { categoryId: number; contract: boolean; label: string; saving: boolean; onReorder: (productIds: number[]) => void }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.productCategories.products.queryOptions({ id: categoryId, contract }));
  return <SortableProductList label={label} products={q.data} loading={q.isLoading} saving={saving} showShopState={!contract} onReorder={onReorder} />;
}
