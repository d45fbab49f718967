import { Button } from '@chakra-ui/react';
import { MSG, ZProductUpdateRequest } from '@klubhus/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTRPC } from '../../../lib/trpc';
import { useConfirm } from '../../../ui/ConfirmModal';
import { Form, useZodForm } from '../../../ui/form';
import { LinkButton } from '../../../ui/LinkButton';
import { PageHeader } from '../../../ui/PageHeader';
import { PageSpinner } from '../../../ui/PageSpinner';
import { useSaveMutation } from '../../../ui/save';
import { FormTabs, fileToUpload, useEditId, useFeature, useLeaveOnError } from '../shared';
import { ExtraInfoSection } from './ExtraInfoSection';
import { InvoiceSection } from './InvoiceSection';
import { OptionsSection } from './OptionsSection';
import { EconomicSection, ShopSection, SubscriptionSection } from './OtherTabs';
import { ProductSection } from './ProductSection';
import { ContractSetupSection, SeatsSection } from './TypeSections';
import { toValues, type Values } from './values';
import { VariantsSection } from './VariantsSection';

const LIST = '/products';
const FORM_ID = 'product-form';

/** /products/:id ('create' for new): tabs Produkt, Abonnement, Webshop and E-conomic (when the orders module's economic feature is on). */
export default function ProductEditPage() {
  const { isNew, id, valid, routeId } = useEditId();
  const trpc = useTRPC();
  const contracts = useFeature('orders', 'contracts');
  const q = useQuery({ ...trpc.products.get.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  useLeaveOnError(LIST, valid, q.error);
  if (!isNew && !q.data) return <PageSpinner />;
  return <ProductForm key={routeId} initial={toValues(q.data, contracts)} />;
}

function ProductForm({ initial }: { initial: Values }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const economic = useFeature('orders', 'economic');
  const [image, setImage] = useState<File | null>(null);
  const form = useZodForm(ZProductUpdateRequest, { defaultValues: initial });
  const title = useWatch({ control: form.control, name: 'title' });
  const productId = initial.id ? Number(initial.id) : null;
  const save = useSaveMutation({
    mutation: trpc.products.update.mutationOptions(),
    success: (r) => r.message,
    onSuccess: async (r) => {
      await queryClient.invalidateQueries(trpc.products.pathFilter());
      await queryClient.invalidateQueries(trpc.productCategories.products.pathFilter());
      setImage(null);
      if (r.created) {
        navigate(`${LIST}/${r.id}`, { replace: true });
        return;
      }
      // New variants and options got ids: edit the saved product from now on.
      const fresh = await queryClient.fetchQuery(trpc.products.get.queryOptions({ id: r.id }));
      form.reset(toValues(fresh, initial.contractSetup !== null));
    },
  });
  const remove = useSaveMutation({
    mutation: trpc.products.delete.mutationOptions(),
    success: (r) => r.message,
    onSuccess: async () => {
      await queryClient.invalidateQueries(trpc.products.pathFilter());
      navigate(LIST);
    },
  });
  const heading = productId ? initial.title : 'Opret produkt';

  return (
    <>
      <PageHeader
        title={productId ? title || initial.title : heading}
        documentTitle={heading}
        actions={
          <>
            <LinkButton to={LIST} variant="outline">
              Tilbage
            </LinkButton>
            {productId && (
              <Button
                variant="outline"
                colorPalette="red"
                loading={remove.isPending}
                onClick={async () => {
                  if (await confirm(MSG.confirmDeleteProduct)) remove.mutate({ id: productId });
                }}
              >
                <Trash2 /> Slet
              </Button>
            )}
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
          // Send what was typed (kroner); the server's schema converts it, as the resolver just did to check it.
          const raw = form.getValues();
          save.mutate({ ...raw, id: productId, imageFile: image ? [await fileToUpload(image)] : null });
        }}
      >
        <ProductTabs productId={productId} economic={economic} image={image} onImage={setImage} currentImage={initial.shop?.image ?? null} />
      </Form>
    </>
  );
}

/** The product's tabs; each lists the top-level fields it holds, so an invalid save opens the tab with the first error. */
function ProductTabs({
  productId,
  economic,
  image,
  onImage,
  currentImage,
}: {
  productId: number | null;
  economic: boolean;
  image: File | null;
  onImage: (f: File | null) => void;
  currentImage: string | null;
}) {
  return (
    <FormTabs
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
              <OptionsSection selfId={productId} />
              <ExtraInfoSection />
            </>
          ),
        },
        { value: 'subscription', label: 'Abonnement', fields: ['subscription'], content: <SubscriptionSection /> },
        {
          value: 'shop',
          label: 'Webshop',
          fields: ['shop', 'imageFile'],
          content: <ShopSection image={image} onImage={onImage} currentImage={currentImage} />,
        },
        { value: 'economic', label: 'E-conomic', fields: ['economicSku'], hidden: !economic, content: <EconomicSection /> },
      ]}
    />
  );
}
