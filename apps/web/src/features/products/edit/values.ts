import { formatDKK, kronerToOre, type ZProductOption, type ZProductUpdateRequest, type ZProductVariant } from '@klubhus/domain';
import type { z } from 'zod';
import type { RouterOutputs } from '../../../lib/trpc';
import { krInput } from '../shared';

/** The product form's values: the schema's input (kroner as typed). */
export type Values = z.input<typeof ZProductUpdateRequest>;
export type Product = RouterOutputs['products']['get'];
export type VariantDraft = z.input<typeof ZProductVariant>;
/** An option row in the form, with the names shown in the table (not sent: the schema strips them). */
export type OptionDraft = z.input<typeof ZProductOption> & { product?: string; variant?: string | null; basePrice?: number | null };

const EMPTY_SETUP = { type: '' as const, amountType: '', unit: '', preSelected: false };

/** Kroner typed in a form ('1.234,5' or 1234.5) shown as '1.234,50 kr.'; '' when empty or not a number. */
export function krText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  try {
    return formatDKK(kronerToOre(v as string | number));
  } catch {
    return String(v);
  }
}

const NEW_PRODUCT: Omit<Values, 'contractSetup'> = {
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
  subscription: { active: false, startFee: '', fee: '', interval: '', commitment: '' },
  shop: { active: false, title: '', price: '', discount: '', seasonId: '', description: '', image: null },
  seats: { chartId: '', category: '' },
  economicSku: '',
  variants: [],
  options: [],
};

/** The form's values for a loaded product (or a new one); `contracts`: the contracts feature is on (the setup card shows). */
export function toValues(p: Product | undefined, contracts: boolean): Values {
  if (!p) return { ...NEW_PRODUCT, contractSetup: contracts ? EMPTY_SETUP : null };
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
    variants: p.variants.map(
      (v): VariantDraft => ({
        id: v.id,
        title: v.title,
        sku: v.sku ?? '',
        price: krInput(v.price),
        saleAmount: v.saleAmount === null ? '' : String(v.saleAmount),
        active: v.active,
        sorting: v.sorting,
      }),
    ),
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
