import { MSG, ZProductUpdateRequest } from '@klubhus/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { EditPage, recordPage } from '../../../ui/EditPage';
import { useZodForm } from '../../../ui/form';
import { type RecordRoute, useRecordDelete, useRecordSave } from '../../../ui/useRecordRoute';
import { toUpload } from '../../../lib/transfer';
import { useFeature } from '../shared';
import { ExtraInfoSection } from './ExtraInfoSection';
import { InvoiceSection } from './InvoiceSection';
import { OptionsSection } from './OptionsSection';
import { EconomicSection, ShopSection, SubscriptionSection } from './OtherTabs';
import { ProductSection } from './ProductSection';
import { ContractSetupSection, SeatsSection } from './TypeSections';
import { type Product, toValues } from './values';
import { VariantsSection } from './VariantsSection';

/** /products/:id ('create' for new): tabs Produkt, Abonnement, Webshop and E-conomic (when the orders module's economic feature is on). */
export default recordPage('/products', (trpc, id) => trpc.products.get.queryOptions({ id }), ProductForm);

function ProductForm({ route }: { route: RecordRoute<Product> }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const contracts = useFeature('orders', 'contracts');
  const economic = useFeature('orders', 'economic');
  const [image, setImage] = useState<File | null>(null);
  const form = useZodForm(ZProductUpdateRequest, { defaultValues: toValues(route.record, contracts) });
  const save = useRecordSave(route, form, {
    mutation: trpc.products.update.mutationOptions(),
    invalidate: [trpc.products.pathFilter(), trpc.productCategories.products.pathFilter()],
    onSaved: async (r) => {
      setImage(null);
      // New variants and options got ids: edit the saved product from now on.
      const fresh = await queryClient.fetchQuery(trpc.products.get.queryOptions({ id: r.id }));
      form.reset(toValues(fresh, contracts));
    },
  });
  const remove = useRecordDelete(route, { mutation: trpc.products.delete.mutationOptions(), invalidate: [trpc.products.pathFilter()] });
  return (
    <EditPage
      route={route}
      form={form}
      heading={route.record?.title ?? 'Opret produkt'}
      saving={save.isPending}
      remove={{ confirm: MSG.confirmDeleteProduct, mutation: remove }}
      // Send what was typed (kroner); the server's schema converts it, as the resolver just did to check it.
      onSubmit={async () => save.mutate({ ...form.getValues(), id: route.id, imageFile: image ? [await toUpload(image)] : null })}
      // Each tab lists the top-level fields it holds: an invalid save opens the tab with the first error.
      tabs={[
        {
          value: 'product',
          label: 'Produkt',
          fields: [
            'title',
            'sku',
            'type',
            'categoryId',
            'price',
            'saleAmount',
            'description',
            'sorting',
            'invoiceTitle',
            'invoiceGroupId',
            'reservation',
            'extraInfo',
            'contractSetup',
            'seats',
            'variants',
            'options',
          ],
          content: (
            <>
              <ProductSection />
              <InvoiceSection />
              <SeatsSection />
              <ContractSetupSection />
              <VariantsSection />
              <OptionsSection selfId={route.id} />
              <ExtraInfoSection />
            </>
          ),
        },
        { value: 'subscription', label: 'Abonnement', fields: ['subscription'], content: <SubscriptionSection /> },
        {
          value: 'shop',
          label: 'Webshop',
          fields: ['shop', 'imageFile'],
          content: <ShopSection image={image} onImage={setImage} currentImage={route.record?.shop?.image ?? null} />,
        },
        { value: 'economic', label: 'E-conomic', fields: ['economicSku'], hidden: !economic, content: <EconomicSection /> },
      ]}
    />
  );
}
