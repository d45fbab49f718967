import { Box, Button, Flex, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatDKK, kronerToOre, multiply, ZOrderLineInput } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import type { ReactNode } from 'react';
import { useTRPC } from '../../lib/trpc';
import { AsyncSelectField, CheckboxField, FormField, NumberField, TextareaField, TextField } from '../../ui/form';
import { ModalRowsSection, rowTexts, useFormRows } from '../../ui/ModalRowsSection';
import { krInput, ProductSearch } from '../products/shared';
import { RemovableRow } from './RemovableRow';
import type { LineDraft, OptionDraft } from './values';

const NEW_LINE = (): LineDraft => ({
  productId: null,
  variantId: null,
  title: '',
  sku: '',
  type: 'product',
  price: '0',
  discount: '',
  amount: '1',
  prePayment: false,
  vatExempt: false,
  description: '',
  seat: '',
  seatEventId: null,
  extraInfo: [],
  options: [],
});

/** A line's amount in øre as typed (price and options × amount − discount); null while it does not parse. */
export function lineTotal(line: LineDraft): number | null {
  const r = ZOrderLineInput.safeParse(line);
  if (!r.success) return null;
  const unit = r.data.price + r.data.options.reduce((s, o) => s + o.price, 0);
  return multiply(unit, r.data.amount) - r.data.discount;
}

const price = (v: unknown) => {
  const r = ZOrderLineInput.shape.price.safeParse(v);
  return r.success ? formatDKK(r.data) : '';
};

/**
 * The order's lines (SPEC §5 line modal), edited in a dialog while the order is a draft and shown
 * only once it is approved: product (optional: fills title, price, SKU, type, VAT exemption), variant
 * (sets the price and amount 1), title, price, discount, amount, seat 'X-Y', prepayment, VAT-exempt,
 * description, the options (the product's own, or any by hand) and extra info.
 */
export function LinesSection({
  readOnly,
  name = 'orderLines',
  title = 'Ordrelinjer',
  seatCell,
  rowActions,
  deletable,
}: {
  readOnly: boolean;
  name?: string;
  title?: string;
  /** The Plads cell (an agreement adds the seat's event). */
  seatCell?: (line: LineDraft) => ReactNode;
  /** More buttons of a line (an agreement's seat lines: Flyt, Kopier, Fjern). */
  rowActions?: (line: LineDraft, index: number) => ReactNode;
  /** false for a line whose own actions replace Slet (an agreement's saved seat line: Fjern). */
  deletable?: (line: LineDraft) => boolean;
}) {
  const rows = useFormRows<LineDraft>(name);
  return (
    <ModalRowsSection<LineDraft>
      {...rows}
      readOnly={readOnly}
      title={title}
      {...rowTexts<LineDraft>('linje', 'denne', (l) => l.title)}
      rowKey={(l, i) => (l.id ? `id-${l.id}` : `new-${i}`)}
      rowActions={rowActions}
      deletable={deletable}
      columns={[
        {
          header: 'Titel',
          cell: (l) => (
            <Stack gap="0">
              <Text fontWeight="medium">{l.title}</Text>
              {(l.options ?? []).length > 0 && (
                <Text fontSize="xs" color="fg.muted">
                  + {(l.options ?? []).map((o) => o.title).join(', ')}
                </Text>
              )}
            </Stack>
          ),
        },
        { header: 'Antal', cell: (l) => String(l.amount ?? '') },
        { header: 'Pris', cell: (l) => price(l.price), cellProps: { whiteSpace: 'nowrap' } },
        { header: 'Rabat', cell: (l) => (l.discount ? price(l.discount) : ''), cellProps: { whiteSpace: 'nowrap' } },
        { header: 'Plads', cell: (l) => (seatCell ? seatCell(l) : (l.seat ?? '')) },
        { header: 'I alt', cell: (l) => formatDKK(lineTotal(l)), cellProps: { whiteSpace: 'nowrap', fontWeight: 'medium' } },
      ]}
      modal={{
        testId: 'line-modal',
        schema: ZOrderLineInput,
        newRow: NEW_LINE,
        toRow: (l) => ({ ...l, variantId: l.variantId || null, seat: (l.seat ?? '').trim() }),
        fields: <LineFields />,
      }}
    />
  );
}

/** The line dialog's fields (its own form: the dialog's). */
function LineFields() {
  const trpc = useTRPC();
  const { control, setValue, getValues } = useFormContext<LineDraft>();
  const productId = useWatch({ control, name: 'productId' });
  const product = useQuery({ ...trpc.products.get.queryOptions({ id: Number(productId) }), enabled: !!productId });
  const variants = product.data?.variants.filter((v) => v.active) ?? [];
  const offered = product.data?.options ?? [];
  const offeredPrices = useQuery({
    ...trpc.products.search.queryOptions({ ids: offered.map((o) => o.productId) }),
    enabled: offered.some((o) => !o.priceOverride),
  });
  const options = useFieldArray({ control, name: 'options' });
  const extra = useFieldArray({ control, name: 'extraInfo' });
  const chosen = useWatch({ control, name: 'options' }) ?? [];

  const pick = (p: { id: number; title: string; price: number; sku: string | null; type: LineDraft['type']; vatExempt: boolean }) => {
    setValue('productId', p.id);
    setValue('variantId', null);
    setValue('title', p.title, { shouldValidate: !!getValues('title') });
    setValue('price', krInput(p.price));
    setValue('sku', p.sku ?? '');
    setValue('type', p.type ?? 'product');
    setValue('vatExempt', p.vatExempt);
  };
  const onVariant = (id: string) => {
    const v = variants.find((x) => String(x.id) === id);
    if (!v || !product.data) return;
    // SPEC §4: choosing a variant sets the price and amount 1.
    setValue('title', `${product.data.title} – ${v.title}`);
    setValue('price', krInput(v.price));
    setValue('amount', '1');
    if (v.sku) setValue('sku', v.sku);
  };
  const optionPrice = (o: (typeof offered)[number]) =>
    o.priceOverride && o.price !== null ? o.price : (offeredPrices.data?.find((p) => p.id === o.productId)?.price ?? 0);
  const isChosen = (o: (typeof offered)[number]) => chosen.some((c) => c.productId === o.productId && (c.variantId ?? null) === (o.variantId ?? null));

  return (
    <Stack gap="4">
      <FormField name="productId" label="Produkt">
        {productId && product.data ? (
          <Flex w="full" align="center" justify="space-between" gap="3" borderWidth="1px" borderRadius="md" px="3" py="2">
            <Text fontWeight="medium">{product.data.title}</Text>
            <Button size="xs" variant="outline" onClick={() => setValue('productId', null)}>
              Fjern produkt
            </Button>
          </Flex>
        ) : (
          <Box w="full">
            <ProductSearch label="Søg produkt" onPick={pick} />
          </Box>
        )}
      </FormField>
      {variants.length > 0 && (
        <Box onChange={(e) => onVariant((e.target as unknown as HTMLSelectElement).value)}>
          <AsyncSelectField
            name="variantId"
            label="Variant"
            placeholder="Ingen variant"
            options={variants.map((v) => ({ value: String(v.id), label: `${v.title} (${formatDKK(kronerToOre(v.price))})` }))}
          />
        </Box>
      )}
      <TextField name="title" label="Titel" required />
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        <NumberField name="price" label="Pris (kr.)" required />
        <NumberField name="discount" label="Rabat (kr.)" />
        <NumberField name="amount" label="Antal" required />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <TextField name="seat" label="Plads" placeholder="X-Y" helperText="Række og sæde, fx A-12" />
        <TextField name="sku" label="Varenr." />
      </SimpleGrid>
      <HStack gap="6" flexWrap="wrap">
        <CheckboxField name="prePayment" label="Forudbetaling" />
        <CheckboxField name="vatExempt" label="Momsfri" />
      </HStack>
      <TextareaField name="description" label="Beskrivelse" rows={2} />

      <Stack gap="2" role="group" aria-label="Tilvalg">
        <Text fontWeight="semibold">Tilvalg</Text>
        {offered.length > 0 && (
          <Flex gap="2" wrap="wrap">
            {offered.map((o) => (
              <Button
                key={o.id}
                size="xs"
                variant="outline"
                disabled={isChosen(o)}
                onClick={() =>
                  options.append({ productId: o.productId, variantId: o.variantId, title: o.variant ? `${o.product} – ${o.variant}` : o.product, sku: '', price: krInput(optionPrice(o)), prePayment: false })
                }
              >
                <Plus /> {o.product}
                {o.variant ? ` – ${o.variant}` : ''} ({formatDKK(kronerToOre(optionPrice(o)))})
              </Button>
            ))}
          </Flex>
        )}
        {options.fields.map((f, i) => (
          <RemovableRow key={f.id} removeLabel={`Fjern tilvalg ${(chosen[i] as OptionDraft | undefined)?.title ?? ''}`} onRemove={() => options.remove(i)}>
            <TextField name={`options.${i}.title`} label="Tilvalg" required />
            <NumberField name={`options.${i}.price`} label="Pris (kr.)" required />
          </RemovableRow>
        ))}
        <Box>
          <Button size="xs" variant="ghost" onClick={() => options.append({ productId: null, variantId: null, title: '', sku: '', price: '0', prePayment: false })}>
            <Plus /> Tilføj tilvalg
          </Button>
        </Box>
      </Stack>

      <Stack gap="2" role="group" aria-label="Ekstra info">
        <Text fontWeight="semibold">Ekstra info</Text>
        {extra.fields.map((f, i) => (
          <RemovableRow key={f.id} removeLabel="Fjern ekstra info" onRemove={() => extra.remove(i)}>
            <TextField name={`extraInfo.${i}.title`} label="Titel" required />
            <TextField name={`extraInfo.${i}.value`} label="Værdi" />
          </RemovableRow>
        ))}
        <Box>
          <Button size="xs" variant="ghost" onClick={() => extra.append({ title: '', value: '' })}>
            <Plus /> Tilføj ekstra info
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}
