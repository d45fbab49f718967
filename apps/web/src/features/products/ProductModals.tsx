import { Box, Button, Checkbox, CloseButton, Dialog, Field, Flex, Input, NativeSelect, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatDKK, kronerToOre, ZProductOption, ZProductVariant } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import type { z } from 'zod';
import { useTRPC } from '../../lib/trpc';
import { ProductSearch } from './shared';

export type VariantDraft = z.input<typeof ZProductVariant>;
/** An option row in the form, with the names shown in the table (not sent: the schema strips them). */
export type OptionDraft = z.input<typeof ZProductOption> & { product?: string; variant?: string | null; basePrice?: number | null };

type Errors = Record<string, string>;

/** Danish messages per field from a failed safeParse of the shared schema. */
function errorsOf(error: z.ZodError): Errors {
  const out: Errors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    if (!out[key]) out[key] = issue.message;
  }
  return out;
}

/** Decimal text for an input: 12.5 → '12,5'. */
const decimalText = (v: unknown) => (v === null || v === undefined ? '' : String(v).replace('.', ','));

function TextInput({ label, value, onChange, error, required, inputMode, helperText }: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  required?: boolean;
  inputMode?: 'decimal' | 'numeric' | 'text';
  helperText?: ReactNode;
}) {
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input value={value} onChange={(e) => onChange(e.target.value)} inputMode={inputMode} bg="bg" />
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

function Check({ label, checked, onChange, helperText }: { label: string; checked: boolean; onChange: (v: boolean) => void; helperText?: string }) {
  return (
    <Field.Root width="auto">
      <Checkbox.Root checked={checked} onCheckedChange={(d) => onChange(d.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
    </Field.Root>
  );
}

function Modal({ open, title, testId, onClose, onSave, children }: { open: boolean; title: string; testId: string; onClose: () => void; onSave: () => void; children: ReactNode }) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} size="md" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                e.stopPropagation();
                onSave();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{children}</Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  Fortryd
                </Button>
                <Button type="submit" colorPalette="brand">
                  Gem
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Luk" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Adds or edits a variant: title and price required (price a decimal), saleAmount a whole number (SPEC §5). */
export function VariantModal({ open, value, onClose, onSave }: { open: boolean; value: VariantDraft | null; onClose: () => void; onSave: (v: VariantDraft) => void }) {
  const [title, setTitle] = useState('');
  const [sku, setSku] = useState('');
  const [price, setPrice] = useState('');
  const [saleAmount, setSaleAmount] = useState('');
  const [active, setActive] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    if (!open) return;
    setTitle(value?.title ?? '');
    setSku(value?.sku ?? '');
    setPrice(decimalText(value?.price));
    setSaleAmount(value?.saleAmount === null || value?.saleAmount === undefined ? '' : String(value.saleAmount));
    setActive(value ? value.active !== false : true);
    setErrors({});
  }, [open, value]);
  const save = () => {
    const draft: VariantDraft = { id: value?.id ?? null, title, sku, price, saleAmount, active, sorting: value?.sorting ?? 0 };
    const parsed = ZProductVariant.safeParse(draft);
    if (!parsed.success) return setErrors(errorsOf(parsed.error));
    onSave(draft);
  };
  return (
    <Modal open={open} title={value ? 'Rediger variant' : 'Tilføj variant'} testId="variant-modal" onClose={onClose} onSave={save}>
      <Stack gap="4">
        <TextInput label="Titel" value={title} onChange={setTitle} error={errors.title} required />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextInput label="Varenr." value={sku} onChange={setSku} error={errors.sku} />
          <TextInput label="Pris (kr.)" value={price} onChange={setPrice} error={errors.price} required inputMode="decimal" />
          <TextInput label="Salgsantal" value={saleAmount} onChange={setSaleAmount} error={errors.saleAmount} inputMode="numeric" helperText="Tom: ubegrænset." />
        </SimpleGrid>
        <Check label="Aktiv" checked={active} onChange={setActive} />
      </Stack>
    </Modal>
  );
}

/**
 * Adds or edits an option (another product, optionally one of its variants,
 * offered with this one): product required; price required and a decimal when
 * priceOverride (SPEC §5).
 */
export function OptionModal({
  open,
  value,
  selfId,
  onClose,
  onSave,
}: {
  open: boolean;
  value: OptionDraft | null;
  selfId: number | null;
  onClose: () => void;
  onSave: (o: OptionDraft) => void;
}) {
  const trpc = useTRPC();
  const [product, setProduct] = useState<{ id: number; title: string; price: number } | null>(null);
  const [variantId, setVariantId] = useState('');
  const [isPublic, setPublic] = useState(false);
  const [preSelected, setPreSelected] = useState(false);
  const [priceOverride, setPriceOverride] = useState(false);
  const [price, setPrice] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    if (!open) return;
    setProduct(value?.productId ? { id: Number(value.productId), title: value.product ?? '', price: value.basePrice ?? 0 } : null);
    setVariantId(value?.variantId ? String(value.variantId) : '');
    setPublic(!!value?.public);
    setPreSelected(!!value?.preSelected);
    setPriceOverride(!!value?.priceOverride);
    setPrice(value?.priceOverride ? decimalText(value.price) : '');
    setErrors({});
  }, [open, value]);
  // The chosen product's variants (and its current title and price).
  const details = useQuery({ ...trpc.products.search.queryOptions({ ids: product ? [product.id] : [] }), enabled: open && !!product });
  const chosen = details.data?.find((p) => p.id === product?.id);
  const variants = chosen?.variants ?? [];
  const variant = variants.find((v) => String(v.id) === variantId);
  const basePrice = variant?.price ?? chosen?.price ?? product?.price ?? null;

  const save = () => {
    const draft: OptionDraft = {
      id: value?.id ?? null,
      productId: product?.id ?? '',
      variantId: variantId || null,
      public: isPublic,
      preSelected,
      priceOverride,
      price: priceOverride ? price : null,
      sorting: value?.sorting ?? 0,
    };
    const parsed = ZProductOption.safeParse(draft);
    if (!parsed.success) return setErrors(errorsOf(parsed.error));
    onSave({ ...draft, product: chosen?.title ?? product?.title ?? '', variant: variant?.title ?? null, basePrice });
  };
  return (
    <Modal open={open} title={value ? 'Rediger tilvalg' : 'Tilføj tilvalg'} testId="option-modal" onClose={onClose} onSave={save}>
      <Stack gap="4">
        <Field.Root invalid={!!errors.productId} required>
          <Field.Label>
            Produkt <Field.RequiredIndicator />
          </Field.Label>
          {product ? (
            <Flex w="full" align="center" justify="space-between" gap="3" borderWidth="1px" borderRadius="md" px="3" py="2">
              <Box>
                <Text fontWeight="medium">{chosen?.title ?? product.title}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {formatDKK(kronerToOre(chosen?.price ?? product.price))}
                </Text>
              </Box>
              <Button
                size="xs"
                variant="outline"
                onClick={() => {
                  setProduct(null);
                  setVariantId('');
                }}
              >
                Skift produkt
              </Button>
            </Flex>
          ) : (
            <Box w="full">
              <ProductSearch
                label="Søg produkt"
                exclude={selfId ? [selfId] : []}
                invalid={!!errors.productId}
                onPick={(p) => {
                  setProduct({ id: p.id, title: p.title, price: p.price });
                  setVariantId('');
                  setErrors((e) => ({ ...e, productId: '' }));
                }}
              />
            </Box>
          )}
          {errors.productId && <Field.ErrorText>{errors.productId}</Field.ErrorText>}
        </Field.Root>
        {variants.length > 0 && (
          <Field.Root>
            <Field.Label>Variant</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={variantId} onChange={(e) => setVariantId(e.target.value)} bg="bg">
                <option value="">Ingen variant</option>
                {variants.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.title} ({formatDKK(kronerToOre(v.price))})
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
        <Stack gap="3">
          <Check label="Offentlig" checked={isPublic} onChange={setPublic} helperText="Kan vælges af kunder ved køb." />
          <Check label="Forvalgt" checked={preSelected} onChange={setPreSelected} />
          <Check
            label="Egen pris"
            checked={priceOverride}
            onChange={(v) => {
              setPriceOverride(v);
              if (!v) setErrors((e) => ({ ...e, price: '' }));
            }}
            helperText={basePrice !== null && !priceOverride ? `Ellers bruges produktets pris (${formatDKK(kronerToOre(basePrice))})` : undefined}
          />
        </Stack>
        {priceOverride && <TextInput label="Pris (kr.)" value={price} onChange={setPrice} error={errors.price} required inputMode="decimal" />}
      </Stack>
    </Modal>
  );
}
