import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { ZProductOption } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTRPC } from '../../../lib/trpc';
import { AsyncSelectField, CheckboxField, FormField, NumberField, useFieldError } from '../../../ui/form';
import { ModalRowsSection, rowTexts, useFormRows } from '../../../ui/ModalRowsSection';
import { YesNo } from '../../../ui/TableParts';
import { ProductSearch } from '../shared';
import { krText, type OptionDraft } from './values';

const NEW_OPTION = (): OptionDraft => ({
  id: null,
  productId: null,
  variantId: '',
  public: false,
  preSelected: false,
  priceOverride: false,
  price: '',
  sorting: 0,
  product: '',
  variant: null,
  basePrice: null,
});

/**
 * Options: other products (optionally one of their variants) offered with this
 * one. Product required; a price required and a decimal when it overrides (SPEC §5).
 */
export function OptionsSection({ selfId }: { selfId: number | null }) {
  const rows = useFormRows<OptionDraft>('options', { sortKey: 'sorting' });
  return (
    <ModalRowsSection<OptionDraft>
      {...rows}
      title="Tilvalg"
      {...rowTexts<OptionDraft>('tilvalg', 'dette', (o) => o.product ?? '')}
      columns={[
        { header: 'Produkt', cell: (o) => o.product, cellProps: { fontWeight: 'medium' } },
        { header: 'Variant', cell: (o) => o.variant ?? '' },
        { header: 'Pris', cell: OptionPrice, cellProps: { whiteSpace: 'nowrap' } },
        { header: 'Offentlig', cell: (o) => <YesNo value={!!o.public} /> },
        { header: 'Forvalgt', cell: (o) => <YesNo value={!!o.preSelected} /> },
      ]}
      modal={{
        testId: 'option-modal',
        schema: ZProductOption,
        newRow: NEW_OPTION,
        toRow: (o) => ({ ...o, variantId: o.variantId || null, price: o.priceOverride ? o.price : null }),
        fields: <OptionFields selfId={selfId} />,
      }}
    />
  );
}

function OptionPrice(o: OptionDraft) {
  if (!o.priceOverride) return krText(o.basePrice);
  return (
    <>
      {krText(o.price)}{' '}
      <Badge size="sm" colorPalette="purple">
        Egen pris
      </Badge>
    </>
  );
}

/** The option dialog's fields: the product picker, its variants, Offentlig / Forvalgt / Egen pris and the price. */
function OptionFields({ selfId }: { selfId: number | null }) {
  const trpc = useTRPC();
  const { control, getValues, setValue, clearErrors } = useFormContext<OptionDraft>();
  const [product, setProduct] = useState(() => {
    const v = getValues();
    return v.productId ? { id: Number(v.productId), title: v.product ?? '', price: v.basePrice ?? 0 } : null;
  });
  const variantId = useWatch({ control, name: 'variantId' });
  const priceOverride = useWatch({ control, name: 'priceOverride' });
  const productError = useFieldError('productId');
  // The chosen product's variants (and its current title and price).
  const details = useQuery({ ...trpc.products.search.queryOptions({ ids: product ? [product.id] : [] }), enabled: !!product });
  const chosen = details.data?.find((p) => p.id === product?.id);
  const variants = chosen?.variants ?? [];
  const variant = variants.find((v) => String(v.id) === String(variantId ?? ''));
  const basePrice = variant?.price ?? chosen?.price ?? product?.price ?? null;
  // The names and base price the table shows travel with the row.
  const productTitle = chosen?.title ?? product?.title ?? '';
  const variantTitle = variant?.title ?? null;
  useEffect(() => {
    setValue('product', productTitle);
    setValue('variant', variantTitle);
    setValue('basePrice', basePrice);
  }, [productTitle, variantTitle, basePrice, setValue]);
  useEffect(() => {
    if (!priceOverride) clearErrors('price');
  }, [priceOverride, clearErrors]);
  const pick = (p: { id: number; title: string; price: number } | null) => {
    setProduct(p);
    setValue('productId', p?.id ?? null);
    setValue('variantId', '');
    if (p) clearErrors('productId');
  };
  return (
    <Stack gap="4">
      <FormField name="productId" label="Produkt" required>
        {product ? (
          <Flex w="full" align="center" justify="space-between" gap="3" borderWidth="1px" borderRadius="md" px="3" py="2">
            <Box>
              <Text fontWeight="medium">{productTitle}</Text>
              <Text fontSize="sm" color="fg.muted">
                {krText(chosen?.price ?? product.price)}
              </Text>
            </Box>
            <Button size="xs" variant="outline" onClick={() => pick(null)}>
              Skift produkt
            </Button>
          </Flex>
        ) : (
          <Box w="full">
            <ProductSearch
              label="Søg produkt"
              exclude={selfId ? [selfId] : []}
              invalid={!!productError}
              onPick={(p) => pick({ id: p.id, title: p.title, price: p.price })}
            />
          </Box>
        )}
      </FormField>
      {variants.length > 0 && (
        <AsyncSelectField
          name="variantId"
          label="Variant"
          placeholder="Ingen variant"
          options={variants.map((v) => ({ value: String(v.id), label: `${v.title} (${krText(v.price)})` }))}
        />
      )}
      <Stack gap="3">
        <CheckboxField name="public" label="Offentlig" helperText="Kan vælges af kunder ved køb." />
        <CheckboxField name="preSelected" label="Forvalgt" />
        <CheckboxField
          name="priceOverride"
          label="Egen pris"
          helperText={basePrice !== null && !priceOverride ? `Ellers bruges produktets pris (${krText(basePrice)})` : undefined}
        />
      </Stack>
      {priceOverride && <NumberField name="price" label="Pris (kr.)" required />}
    </Stack>
  );
}
