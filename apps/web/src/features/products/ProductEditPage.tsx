import { Badge, Box, Button, Card, Flex, HStack, IconButton, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import {
  CONTRACT_AMOUNT_TYPES,
  CONTRACT_SETUP_TYPES,
  CONTRACT_UNITS,
  EXTRA_INFO_TYPES,
  formatDKK,
  isAmountType,
  isNumberSetup,
  MSG,
  PRODUCT_TYPE_LABELS,
  PRODUCT_TYPES,
  kronerToOre,
  ZProductUpdateRequest,
} from '@klubhus/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { PageSpinner } from '../../ui/PageSpinner';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { useConfirm } from '../../ui/ConfirmModal';
import {
  CheckboxField,
  Form,
  FormField,
  ImageUpload,
  NumberField,
  SelectField,
  StringListField,
  TextareaField,
  TextField,
  useFieldError,
  useZodForm,
} from '../../ui/form';
import { LinkButton } from '../../ui/LinkButton';
import { PageHeader, Section } from '../../ui/PageHeader';
import { useSaveMutation } from '../../ui/save';
import { AsyncSelectField, FormTabs, fileToUpload, krInput, useEditId, useFeature, useLeaveOnError, useModuleOn, YesNo } from './shared';
import { type OptionDraft, OptionModal, type VariantDraft, VariantModal } from './ProductModals';

const LIST = '/products';
const FORM_ID = 'product-form';
type Values = z.input<typeof ZProductUpdateRequest>;
type Product = RouterOutputs['products']['get'];

const SETUP_LABELS: Record<(typeof CONTRACT_SETUP_TYPES)[number], string> = {
  checkbox: 'Afkrydsning',
  number: 'Antal',
  text: 'Tekst',
  'number-text': 'Antal og tekst',
};
const AMOUNT_TYPE_LABELS: Record<(typeof CONTRACT_AMOUNT_TYPES)[number], string> = { amount: 'Antal', price: 'Pris', 'amount-price': 'Antal og pris' };
const UNIT_LABELS: Record<(typeof CONTRACT_UNITS)[number], string> = { stk: 'stk.', person: 'pers.' };
const EMPTY_SETUP = { type: '' as const, amountType: '', unit: '', preSelected: false };

/** Kroner typed in a form ('1.234,5' or 1234.5) shown as '1.234,50 kr.'; '' when empty or not a number. */
function krText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  try {
    return formatDKK(kronerToOre(v as string | number));
  } catch {
    return String(v);
  }
}

function toValues(p: Product | undefined, contracts: boolean): Values {
  if (!p) {
    return {
      id: null,
      title: '',
      sku: '',
      type: 'product',
      categoryId: '',
      price: '',
      saleAmount: '',
      description: '',
      sorting: '0',
      invoiceTitle: '',
      invoiceGroupId: '',
      showOnInvoice: true,
      prePayment: false,
      reservation: false,
      seasonTicket: false,
      poolProduct: false,
      appendix: false,
      hideExport: false,
      vatExempt: false,
      active: true,
      extraInfo: [],
      contractSetup: contracts ? EMPTY_SETUP : null,
      subscription: { active: false, startFee: '', fee: '', interval: '', commitment: '' },
      shop: { active: false, title: '', price: '', discount: '', seasonId: '', description: '', image: null },
      seats: { chartId: '', category: '' },
      economicSku: '',
      variants: [],
      options: [],
    };
  }
  const setup = p.contractSetup;
  return {
    id: p.id,
    title: p.title,
    sku: p.sku ?? '',
    type: p.type,
    categoryId: p.categoryId ? String(p.categoryId) : '',
    price: krInput(p.price),
    saleAmount: p.saleAmount === null ? '' : String(p.saleAmount),
    description: p.description ?? '',
    sorting: String(p.sorting),
    invoiceTitle: p.invoiceTitle ?? '',
    invoiceGroupId: p.invoiceGroupId ? String(p.invoiceGroupId) : '',
    showOnInvoice: p.showOnInvoice,
    prePayment: p.prePayment,
    reservation: p.reservation,
    seasonTicket: p.seasonTicket,
    poolProduct: p.poolProduct,
    appendix: p.appendix,
    hideExport: p.hideExport,
    vatExempt: p.vatExempt,
    active: p.active,
    extraInfo: (p.extraInfo ?? []).map((e) => ({ title: e.title, alias: e.alias, type: e.type, values: e.values ?? [], multiple: !!e.multiple })),
    contractSetup: setup
      ? { type: setup.type, amountType: setup.amountType ?? '', unit: setup.unit ?? '', preSelected: !!setup.preSelected }
      : contracts
        ? EMPTY_SETUP
        : null,
    subscription: {
      active: !!p.subscription?.active,
      startFee: krInput(p.subscription?.startFee),
      fee: krInput(p.subscription?.fee),
      interval: p.subscription?.interval == null ? '' : String(p.subscription.interval),
      commitment: p.subscription?.commitment == null ? '' : String(p.subscription.commitment),
    },
    shop: {
      active: !!p.shop?.active,
      title: p.shop?.title ?? '',
      price: krInput(p.shop?.price),
      discount: krInput(p.shop?.discount),
      seasonId: p.shop?.seasonId ? String(p.shop.seasonId) : '',
      description: p.shop?.description ?? '',
      image: p.shop?.image ?? null,
    },
    seats: { chartId: p.seats?.chartId ?? '', category: p.seats?.category ?? '' },
    economicSku: p.economicSku ?? '',
    variants: p.variants.map((v) => ({
      id: v.id,
      title: v.title,
      sku: v.sku ?? '',
      price: krInput(v.price),
      saleAmount: v.saleAmount === null ? '' : String(v.saleAmount),
      active: v.active,
      sorting: v.sorting,
    })),
    options: p.options.map(
      (o): OptionDraft => ({
        id: o.id,
        productId: o.productId,
        variantId: o.variantId,
        public: o.public,
        preSelected: o.preSelected,
        priceOverride: o.priceOverride,
        price: o.priceOverride ? krInput(o.price) : null,
        sorting: o.sorting,
        product: o.product,
        variant: o.variant,
        basePrice: o.priceOverride ? null : o.price,
      }),
    ),
  };
}

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
                  <SeatsCard />
                  <ContractSetupCard />
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
              content: <ShopSection image={image} onImage={setImage} currentImage={(initial.shop?.image as string | null | undefined) ?? null} />,
            },
            { value: 'economic', label: 'E-conomic', fields: ['economicSku'], hidden: !economic, content: <EconomicSection /> },
          ]}
        />
      </Form>
    </>
  );
}

function ProductSection() {
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

function InvoiceSection() {
  const trpc = useTRPC();
  const groups = useQuery(trpc.invoiceGroups.options.queryOptions());
  return (
    <Section title="Faktura">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="invoiceTitle" label="Fakturatekst" helperText="Tom: produktets titel bruges." />
        <AsyncSelectField
          name="invoiceGroupId"
          label="Fakturagruppe"
          placeholder="Ingen gruppe"
          options={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.vatExempt ? `${g.title} (momsfri)` : g.title }))}
        />
      </SimpleGrid>
      <Stack mt="4" gap="3" direction={{ base: 'column', md: 'row' }} wrap="wrap" columnGap="8">
        <CheckboxField name="showOnInvoice" label="Vis på faktura" />
        <CheckboxField name="prePayment" label="Forudbetaling" />
        <CheckboxField name="vatExempt" label="Momsfri" />
        <CheckboxField name="appendix" label="Bilag til aftale" />
        <CheckboxField name="hideExport" label="Skjul i eksport" />
      </Stack>
    </Section>
  );
}

/** Seat categories of a seat ticket: which chart and which category on it the ticket sells. */
function SeatsCard() {
  const type = useWatch({ name: 'type' });
  if (type !== 'seat-ticket') return null;
  return (
    <Section title="Pladskategorier">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="seats.chartId" label="Pladskort" />
        <TextField name="seats.category" label="Kategori" />
      </SimpleGrid>
      <Text mt="3" fontSize="sm" color="fg.muted">
        Angiv pladskortets nøgle og kategorien på kortet. Valg af pladskort og kategori fra en liste kommer sammen med pladskortene.
      </Text>
    </Section>
  );
}

/** How the product is put on an agreement (contracts feature): type, amount type for number types, unit for amount types. */
function ContractSetupCard() {
  const { control, setValue } = useFormContext<Values>();
  const setup = useWatch({ control, name: 'contractSetup' }) as { type?: string; amountType?: string | null } | null | undefined;
  const type = setup?.type ?? '';
  const amountType = setup?.amountType ?? '';
  const prevType = useRef(type);
  useEffect(() => {
    if (prevType.current === type) return;
    prevType.current = type;
    if (!isNumberSetup(type)) {
      setValue('contractSetup.amountType', '');
      setValue('contractSetup.unit', '');
    }
  }, [type, setValue]);
  if (setup === null || setup === undefined) return null;
  return (
    <Section title="Opsætning på aftaler">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SelectField
          name="contractSetup.type"
          label="Type"
          required
          placeholder="Vælg type"
          options={CONTRACT_SETUP_TYPES.map((t) => ({ value: t, label: SETUP_LABELS[t] }))}
        />
        {isNumberSetup(type) && (
          <SelectField
            name="contractSetup.amountType"
            label="Antalstype"
            required
            placeholder="Vælg antalstype"
            options={CONTRACT_AMOUNT_TYPES.map((t) => ({ value: t, label: AMOUNT_TYPE_LABELS[t] }))}
          />
        )}
        {isNumberSetup(type) && isAmountType(amountType) && (
          <SelectField name="contractSetup.unit" label="Enhed" required placeholder="Vælg enhed" options={CONTRACT_UNITS.map((u) => ({ value: u, label: UNIT_LABELS[u] }))} />
        )}
      </SimpleGrid>
      <Box mt="4">
        <CheckboxField name="contractSetup.preSelected" label="Forvalgt på nye aftaler" />
      </Box>
    </Section>
  );
}

function VariantsSection() {
  const { control, setValue } = useFormContext<Values>();
  const confirm = useConfirm();
  const variants = (useWatch({ control, name: 'variants' }) as VariantDraft[] | undefined) ?? [];
  const [editing, setEditing] = useState<{ index: number | null } | null>(null);
  const error = useFieldError('variants');
  const set = (next: VariantDraft[]) => setValue('variants', next.map((v, i) => ({ ...v, sorting: i })), { shouldDirty: true });
  return (
    <Section
      title="Varianter"
      actions={
        <Button size="sm" variant="outline" onClick={() => setEditing({ index: null })}>
          <Plus /> Tilføj variant
        </Button>
      }
    >
      {error && (
        <Text color="fg.error" mb="3">
          {error}
        </Text>
      )}
      <Box overflowX="auto">
        <Table.Root size="sm" aria-label="Varianter">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Titel</Table.ColumnHeader>
              <Table.ColumnHeader>Varenr.</Table.ColumnHeader>
              <Table.ColumnHeader>Pris</Table.ColumnHeader>
              <Table.ColumnHeader>Salgsantal</Table.ColumnHeader>
              <Table.ColumnHeader>Aktiv</Table.ColumnHeader>
              <Table.ColumnHeader>
                <Box srOnly>Handlinger</Box>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {variants.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={6} color="fg.muted" textAlign="center">
                  Ingen elementer blev fundet.
                </Table.Cell>
              </Table.Row>
            )}
            {variants.map((v, i) => (
              <Table.Row key={v.id ? `id-${v.id}` : `new-${i}`}>
                <Table.Cell fontWeight="medium">{v.title}</Table.Cell>
                <Table.Cell>{v.sku}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{krText(v.price)}</Table.Cell>
                <Table.Cell>{v.saleAmount === '' || v.saleAmount == null ? '' : String(v.saleAmount)}</Table.Cell>
                <Table.Cell>
                  <YesNo value={v.active !== false} />
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="1" justify="flex-end">
                    <IconButton size="xs" variant="ghost" aria-label={`Rediger variant ${v.title}`} onClick={() => setEditing({ index: i })}>
                      <Pencil />
                    </IconButton>
                    <IconButton
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={`Slet variant ${v.title}`}
                      onClick={async () => {
                        if (await confirm('Er du sikker på at du vil slette denne variant?')) set(variants.filter((_, j) => j !== i));
                      }}
                    >
                      <Trash2 />
                    </IconButton>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <VariantModal
        open={editing !== null}
        value={editing?.index != null ? (variants[editing.index] ?? null) : null}
        onClose={() => setEditing(null)}
        onSave={(v) => {
          if (editing?.index != null) set(variants.map((x, j) => (j === editing.index ? v : x)));
          else set([...variants, v]);
          setEditing(null);
        }}
      />
    </Section>
  );
}

function OptionsSection({ selfId }: { selfId: number | null }) {
  const { control, setValue } = useFormContext<Values>();
  const confirm = useConfirm();
  const options = (useWatch({ control, name: 'options' }) as OptionDraft[] | undefined) ?? [];
  const [editing, setEditing] = useState<{ index: number | null } | null>(null);
  const error = useFieldError('options');
  const set = (next: OptionDraft[]) => setValue('options', next.map((o, i) => ({ ...o, sorting: i })), { shouldDirty: true });
  return (
    <Section
      title="Tilvalg"
      actions={
        <Button size="sm" variant="outline" onClick={() => setEditing({ index: null })}>
          <Plus /> Tilføj tilvalg
        </Button>
      }
    >
      {error && (
        <Text color="fg.error" mb="3">
          {error}
        </Text>
      )}
      <Box overflowX="auto">
        <Table.Root size="sm" aria-label="Tilvalg">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Produkt</Table.ColumnHeader>
              <Table.ColumnHeader>Variant</Table.ColumnHeader>
              <Table.ColumnHeader>Pris</Table.ColumnHeader>
              <Table.ColumnHeader>Offentlig</Table.ColumnHeader>
              <Table.ColumnHeader>Forvalgt</Table.ColumnHeader>
              <Table.ColumnHeader>
                <Box srOnly>Handlinger</Box>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {options.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={6} color="fg.muted" textAlign="center">
                  Ingen elementer blev fundet.
                </Table.Cell>
              </Table.Row>
            )}
            {options.map((o, i) => (
              <Table.Row key={o.id ? `id-${o.id}` : `new-${i}`}>
                <Table.Cell fontWeight="medium">{o.product}</Table.Cell>
                <Table.Cell>{o.variant ?? ''}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {o.priceOverride ? (
                    <>
                      {krText(o.price)}{' '}
                      <Badge size="sm" colorPalette="purple">
                        Egen pris
                      </Badge>
                    </>
                  ) : (
                    krText(o.basePrice)
                  )}
                </Table.Cell>
                <Table.Cell>
                  <YesNo value={!!o.public} />
                </Table.Cell>
                <Table.Cell>
                  <YesNo value={!!o.preSelected} />
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="1" justify="flex-end">
                    <IconButton size="xs" variant="ghost" aria-label={`Rediger tilvalg ${o.product ?? ''}`} onClick={() => setEditing({ index: i })}>
                      <Pencil />
                    </IconButton>
                    <IconButton
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={`Slet tilvalg ${o.product ?? ''}`}
                      onClick={async () => {
                        if (await confirm('Er du sikker på at du vil slette dette tilvalg?')) set(options.filter((_, j) => j !== i));
                      }}
                    >
                      <Trash2 />
                    </IconButton>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <OptionModal
        open={editing !== null}
        value={editing?.index != null ? (options[editing.index] ?? null) : null}
        selfId={selfId}
        onClose={() => setEditing(null)}
        onSave={(o) => {
          if (editing?.index != null) set(options.map((x, j) => (j === editing.index ? o : x)));
          else set([...options, o]);
          setEditing(null);
        }}
      />
    </Section>
  );
}

/** Extra information asked of the buyer per line (title, alias, type, values, multiple). */
function ExtraInfoSection() {
  const { control } = useFormContext<Values>();
  const { fields, append, remove } = useFieldArray({ control, name: 'extraInfo' });
  const items = (useWatch({ control, name: 'extraInfo' }) as { type?: string }[] | undefined) ?? [];
  return (
    <Section
      title="Ekstra oplysninger"
      actions={
        <Button size="sm" variant="outline" onClick={() => append({ title: '', alias: '', type: 'Text', values: [], multiple: false })}>
          <Plus /> Tilføj felt
        </Button>
      }
    >
      <Text fontSize="sm" color="fg.muted" mb="4">
        Oplysninger køberen udfylder for hver billet eller vare, fx størrelse eller kostpræferencer.
      </Text>
      {fields.length === 0 && <Text color="fg.muted">Ingen elementer blev fundet.</Text>}
      <Stack gap="3">
        {fields.map((f, i) => {
          const t = items[i]?.type ?? 'Text';
          return (
            <Card.Root key={f.id} variant="outline" size="sm" data-testid="extra-info">
              <Card.Body>
                <Flex gap="3" align="flex-start">
                  <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" flex="1">
                    <TextField name={`extraInfo.${i}.title`} label="Titel" required />
                    <TextField name={`extraInfo.${i}.alias`} label="Alias" required />
                    <SelectField name={`extraInfo.${i}.type`} label="Type" required options={EXTRA_INFO_TYPES.map((x) => ({ value: x, label: x }))} />
                    {t !== 'Text' && (
                      <Box gridColumn={{ md: 'span 2' }}>
                        <StringListField name={`extraInfo.${i}.values`} label="Værdier" placeholder="S, M, L" />
                      </Box>
                    )}
                    {t !== 'Text' && (
                      <Box pt={{ md: '8' }}>
                        <CheckboxField name={`extraInfo.${i}.multiple`} label="Flere valg" />
                      </Box>
                    )}
                  </SimpleGrid>
                  <IconButton mt="7" size="sm" variant="ghost" colorPalette="red" aria-label={`Fjern felt ${i + 1}`} onClick={() => remove(i)}>
                    <Trash2 />
                  </IconButton>
                </Flex>
              </Card.Body>
            </Card.Root>
          );
        })}
      </Stack>
    </Section>
  );
}

function SubscriptionSection() {
  const active = useWatch({ name: 'subscription.active' });
  return (
    <Section title="Abonnement">
      <Stack gap="4">
        <CheckboxField name="subscription.active" label="Sælg som abonnement" />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <NumberField name="subscription.startFee" label="Oprettelsesgebyr (kr.)" disabled={!active} />
          <NumberField name="subscription.fee" label="Abonnementspris (kr.)" required={!!active} disabled={!active} />
          <NumberField
            name="subscription.interval"
            label="Interval (måneder)"
            decimals={false}
            required={!!active}
            disabled={!active}
            helperText="Antal måneder mellem hver betaling."
          />
          <NumberField
            name="subscription.commitment"
            label="Binding (måneder)"
            decimals={false}
            disabled={!active}
            helperText="Abonnementet kan ikke opsiges i bindingsperioden."
          />
        </SimpleGrid>
      </Stack>
    </Section>
  );
}

function ShopSection({ image, onImage, currentImage }: { image: File | null; onImage: (f: File | null) => void; currentImage: string | null }) {
  const trpc = useTRPC();
  const ordersOn = useModuleOn('orders');
  const seasons = useQuery({ ...trpc.seasons.options.queryOptions(), enabled: ordersOn });
  return (
    <Section title="Webshop">
      <Stack gap="4">
        <CheckboxField name="shop.active" label="Vis i webshop" />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField name="shop.title" label="Titel i webshop" helperText="Tom: produktets titel bruges." />
          {ordersOn && (
            <AsyncSelectField
              name="shop.seasonId"
              label="Sæson"
              placeholder="Ingen sæson"
              options={(seasons.data ?? []).map((s) => ({ value: String(s.id), label: s.title }))}
            />
          )}
          <NumberField name="shop.price" label="Webshop pris (kr.)" helperText="Tom: produktets pris bruges." />
          <NumberField name="shop.discount" label="Webshop rabat (kr.)" />
        </SimpleGrid>
        <TextareaField name="shop.description" label="Beskrivelse i webshop" rows={6} />
        <FormField name="imageFile" label="Billede">
          <ImageUpload value={image} onChange={onImage} currentUrl={currentImage} />
        </FormField>
      </Stack>
    </Section>
  );
}

function EconomicSection() {
  return (
    <Section title="E-conomic">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="economicSku" label="Varenummer i e-conomic" helperText="Tom: produktets varenummer bruges." />
      </SimpleGrid>
    </Section>
  );
}
