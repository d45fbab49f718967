import { z } from 'zod';
import { ZUpload } from './files';
import { listInput } from './list';
import { ZPage } from './responses';
import { kroner, optionalKroner } from './kroner';
import { decimalMessage, parseDecimal, required } from './numbers';
import { bool, date, id, optionalDate, optionalId, optionalInteger, optionalText, text } from './validation';

/**
 * Catalogue and reference data (issue 5): products with variants and options,
 * product categories, invoice groups, order categories, seasons, custom fields
 * and discount codes. Request schemas are shared by the server (which
 * validates) and the web forms (which show the same Danish messages).
 *
 * Money on the wire is kroner (a number or Danish text such as '1.234,50');
 * the schemas turn it into integer øre, and responses give kroner back as
 * numbers with at most two decimals.
 */

export const CATALOGUE_MSG = {
  productDeleted: 'Produktet blev slettet!',
  categoryDeleted: 'Kategorien blev slettet!',
  groupDeleted: 'Gruppen blev slettet!',
  seasonDeleted: 'Sæsonen blev slettet!',
  fieldDeleted: 'Feltet blev slettet!',
  discountCodeDeleted: 'Rabatkoden blev slettet!',
  reservationOnlySeatTicket: 'Reservation kan kun vælges for pladsbilletter.',
  optionSelf: 'Et produkt kan ikke være tilvalg til sig selv.',
  optionVariant: 'Varianten hører ikke til det valgte produkt.',
  unknownProduct: 'Produktet findes ikke.',
  unknownVariant: 'Varianten findes ikke på produktet.',
  unknownOption: 'Tilvalget findes ikke på produktet.',
  unknownCategory: 'Kategorien findes ikke.',
  unknownInvoiceGroup: 'Fakturagruppen findes ikke.',
  unknownSeason: 'Sæsonen findes ikke.',
  sortNotInCategory: 'Et eller flere produkter hører ikke til kategorien.',
  sortDuplicate: 'Et produkt må kun optræde én gang i rækkefølgen.',
  seasonEndBeforeStart: 'Slutdato skal være samme dag som eller efter startdato.',
  seasonOwnParent: 'En sæson kan ikke være sin egen overordnede sæson.',
  seasonCycle: 'Den overordnede sæson kan ikke være en af sæsonens egne undersæsoner.',
  seasonHasChildren: 'Sæsonen har undersæsoner og kan ikke slettes.',
  productInUse: 'Produktet er i brug og kan ikke slettes.',
  categoryInUse: 'Kategorien er i brug og kan ikke slettes.',
  groupInUse: 'Gruppen er i brug og kan ikke slettes.',
  seasonInUse: 'Sæsonen er i brug og kan ikke slettes.',
  fieldInUse: 'Feltet er i brug og kan ikke slettes.',
  discountCodeInUse: 'Rabatkoden er i brug og kan ikke slettes.',
  dropdownNeedsValues: 'En dropdown skal have mindst én værdi.',
  defaultNotInValues: 'Standardværdien skal være en af værdierne.',
  imageNotImage: 'Billede skal være et billede (PNG, JPEG, GIF eller WebP)',
  codeTaken: 'Der findes allerede en rabatkode med denne kode.',
  percentageMax: 'Rabat må maksimalt være 100 eller mindre',
} as const;

export const boolDefault = (value: boolean) =>
  z
    .union([z.boolean(), z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v === undefined || v === null || v === '' ? value : v === true || v === 1 || v === 'true' || v === '1' || v === 'on'));

/** A webshop image upload (REST multipart part 'imageFile', or base64 over tRPC); it replaces shop.image. */
const imageFile = z.array(ZUpload).max(1).nullish();

/** Ids from a seat-chart system may be numbers or strings: kept as text. */
export const refText = (max: number) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim().slice(0, max)));

export const sorting = optionalInteger('Sortering').transform((v) => v ?? 0);
export const idOrNew = z
  .union([z.coerce.number().int().positive(), z.literal(''), z.literal('create'), z.null()])
  .optional()
  .transform((v) => (typeof v === 'number' ? v : null));
export const stringList = z
  .array(z.union([z.string(), z.number()]).transform((v) => String(v).trim()))
  .nullish()
  .transform((v) => (v ?? []).filter((s) => s !== ''));
export const idList = (label: string) =>
  z
    .array(z.union([z.coerce.number().int().positive({ error: required(label) }), z.literal(''), z.null()]))
    .nullish()
    .transform((v, ctx) => {
      const out: number[] = [];
      for (const x of v ?? []) {
        if (typeof x !== 'number') {
          ctx.addIssue({ code: 'custom', message: required(label) });
          return z.NEVER;
        }
        if (!out.includes(x)) out.push(x);
      }
      return out;
    });

// ---------------------------------------------------------------- products

export const PRODUCT_TYPES = ['product', 'ticket', 'seat-ticket'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = { product: 'Produkt', ticket: 'Billet', 'seat-ticket': 'Pladsbillet' };

export const CONTRACT_SETUP_TYPES = ['checkbox', 'number', 'text', 'number-text'] as const;
export const CONTRACT_AMOUNT_TYPES = ['amount', 'price', 'amount-price'] as const;
export const CONTRACT_UNITS = ['stk', 'person'] as const;
export const EXTRA_INFO_TYPES = ['Radio', 'Checkbox', 'Select', 'Text'] as const;

export const enumOf = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .union([z.string(), z.null()], { error: required(label) })
    .optional()
    .transform((v, ctx) => {
      if (!v) {
        ctx.addIssue({ code: 'custom', message: required(label) });
        return z.NEVER;
      }
      if (!(values as readonly string[]).includes(v)) {
        ctx.addIssue({ code: 'custom', message: `${label} er ugyldig` });
        return z.NEVER;
      }
      return v as T[number];
    });
const optionalEnumOf = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      if (!(values as readonly string[]).includes(v)) {
        ctx.addIssue({ code: 'custom', message: `${label} er ugyldig` });
        return z.NEVER;
      }
      return v as T[number];
    });

/** Number setups ask for an amount type; amount types ask for a unit (SPEC §5). */
export const isNumberSetup = (type: string | null | undefined) => type === 'number' || type === 'number-text';
export const isAmountType = (amountType: string | null | undefined) => amountType === 'amount' || amountType === 'amount-price';

export const ZContractSetup = z
  .object({
    type: enumOf(CONTRACT_SETUP_TYPES, 'Type'),
    amountType: optionalEnumOf(CONTRACT_AMOUNT_TYPES, 'Antalstype'),
    unit: optionalEnumOf(CONTRACT_UNITS, 'Enhed'),
    preSelected: bool,
  })
  .transform((v, ctx) => {
    if (isNumberSetup(v.type) && !v.amountType) {
      ctx.addIssue({ code: 'custom', message: required('Antalstype'), path: ['amountType'] });
      return z.NEVER;
    }
    const amountType = isNumberSetup(v.type) ? v.amountType : null;
    if (isAmountType(amountType) && !v.unit) {
      ctx.addIssue({ code: 'custom', message: required('Enhed'), path: ['unit'] });
      return z.NEVER;
    }
    return { type: v.type, amountType, unit: isAmountType(amountType) ? v.unit : null, preSelected: v.preSelected };
  });
export type ContractSetup = z.output<typeof ZContractSetup>;

export const ZProductSubscription = z.object({
  active: bool,
  startFee: optionalKroner('Oprettelsesgebyr'),
  fee: optionalKroner('Abonnementspris'),
  /** Months between payments. */
  interval: optionalInteger('Interval', { min: 1 }),
  /** Months the subscription cannot be cancelled. */
  commitment: optionalInteger('Binding', { min: 0 }),
});
export type ProductSubscription = z.output<typeof ZProductSubscription>;

export const ZProductShop = z.object({
  active: bool,
  title: optionalText(500),
  price: optionalKroner('Webshop pris'),
  discount: optionalKroner('Webshop rabat'),
  seasonId: optionalId,
  description: optionalText(20000),
  /** Image reference (URL or stored file reference). */
  image: optionalText(2000),
});
export type ProductShop = z.output<typeof ZProductShop>;

export const ZProductSeats = z.object({ chartId: refText(200), category: refText(200) });

export const ZProductExtraInfo = z.object({
  title: text('Titel', 200),
  alias: text('Alias', 100),
  type: enumOf(EXTRA_INFO_TYPES, 'Type'),
  values: stringList,
  multiple: bool,
});
export type ProductExtraInfo = z.output<typeof ZProductExtraInfo>;

export const ZProductVariant = z.object({
  id: idOrNew,
  title: text('Titel', 500),
  sku: optionalText(100),
  price: kroner('Pris'),
  saleAmount: optionalInteger('Salgsantal', { min: 0 }),
  active: boolDefault(true),
  sorting,
});

export const ZProductOption = z
  .object({
    id: idOrNew,
    productId: z.union([z.coerce.number().int().positive(), z.literal(''), z.null()], { error: required('Produkt') }).optional(),
    variantId: optionalId,
    public: bool,
    preSelected: bool,
    priceOverride: bool,
    price: z.union([z.string(), z.number(), z.null()]).optional(),
    sorting,
  })
  .transform((v, ctx) => {
    if (typeof v.productId !== 'number') {
      ctx.addIssue({ code: 'custom', message: required('Produkt'), path: ['productId'] });
      return z.NEVER;
    }
    let price: number | null = null;
    const parsedPrice = (v.priceOverride ? kroner('Pris') : optionalKroner('Pris')).safeParse(v.price);
    if (!parsedPrice.success) {
      ctx.addIssue({ code: 'custom', message: parsedPrice.error.issues[0].message, path: ['price'] });
      return z.NEVER;
    }
    price = parsedPrice.data;
    return { ...v, productId: v.productId, price: v.priceOverride ? price : null };
  });

export const ZProductUpdateRequest = z
  .object({
    id: idOrNew,
    title: text('Titel', 500),
    sku: optionalText(100),
    type: enumOf(PRODUCT_TYPES, 'Type'),
    categoryId: optionalId,
    price: kroner('Pris'),
    saleAmount: optionalInteger('Salgsantal', { min: 0 }),
    description: optionalText(50000),
    sorting,
    invoiceTitle: optionalText(500),
    invoiceGroupId: optionalId,
    showOnInvoice: boolDefault(true),
    prePayment: bool,
    reservation: bool,
    seasonTicket: bool,
    poolProduct: bool,
    appendix: bool,
    hideExport: bool,
    vatExempt: bool,
    active: boolDefault(true),
    extraInfo: z.array(ZProductExtraInfo).nullish().transform((v) => v ?? []),
    contractSetup: ZContractSetup.nullish().transform((v) => v ?? null),
    subscription: ZProductSubscription.nullish().transform((v) => v ?? null),
    shop: ZProductShop.nullish().transform((v) => v ?? null),
    seats: ZProductSeats.nullish().transform((v) => v ?? null),
    economicSku: optionalText(100),
    variants: z.array(ZProductVariant).nullish().transform((v) => v ?? []),
    options: z.array(ZProductOption).nullish().transform((v) => v ?? []),
    imageFile,
  })
  .superRefine((v, ctx) => {
    if (v.reservation && v.type !== 'seat-ticket') {
      ctx.addIssue({ code: 'custom', message: CATALOGUE_MSG.reservationOnlySeatTicket, path: ['reservation'] });
    }
    if (v.subscription?.active && v.subscription.fee === null) {
      ctx.addIssue({ code: 'custom', message: required('Abonnementspris'), path: ['subscription', 'fee'] });
    }
    if (v.subscription?.active && v.subscription.interval === null) {
      ctx.addIssue({ code: 'custom', message: required('Interval'), path: ['subscription', 'interval'] });
    }
    if (v.id && v.options.some((o) => o.productId === v.id)) {
      ctx.addIssue({ code: 'custom', message: CATALOGUE_MSG.optionSelf, path: ['options'] });
    }
  });
export type TProductUpdateRequest = z.input<typeof ZProductUpdateRequest>;
export type ProductUpdate = z.output<typeof ZProductUpdateRequest>;

export const PRODUCT_SORTS = ['Title', 'Description', 'Category', 'Price', 'Sorting', 'Id'] as const;
export const ZProductListRequest = listInput(
  z
    .object({ categoryId: optionalId })
    .passthrough()
    .transform((f) => ({ categoryId: f.categoryId ?? null })),
  PRODUCT_SORTS,
  { field: 'Title', dir: 'asc' },
);

export const ZProductSearchRequest = z.object({
  search: z.string().trim().max(200).optional(),
  ids: z
    .union([z.array(z.coerce.number().int().positive()), z.string()])
    .optional()
    .transform((v) =>
      v === undefined
        ? undefined
        : (Array.isArray(v) ? v : v.split(',').filter(Boolean).map(Number)).filter((n) => Number.isInteger(n) && n > 0).slice(0, 200),
    ),
  type: z.enum(PRODUCT_TYPES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

// ------------------------------------------------------- product categories

export const ZProductCategoryShop = z.object({
  active: bool,
  title: optionalText(500),
  description: optionalText(20000),
  image: optionalText(2000),
});

export const ZProductCategoryUpdateRequest = z.object({
  id: idOrNew,
  title: text('Titel', 500),
  sorting,
  shop: ZProductCategoryShop.nullish().transform((v) => v ?? { active: false, title: null, description: null, image: null }),
  imageFile,
});

export const ZCategorySortRequest = z.object({
  id: z.coerce.number().int().positive(),
  /** true: the order agreements show; false: the webshop's order. */
  contract: bool,
  productIds: z.array(z.coerce.number().int().positive()).max(5000),
});

// ------------------------------------------------------------ invoice groups

export const ZInvoiceGroupUpdateRequest = z.object({
  id: idOrNew,
  title: text('Titel', 500),
  sku: optionalText(100),
  sorting,
  vatExempt: bool,
  /** E-conomic tab (productGroup, …): stored as given. */
  economic: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .nullish()
    .transform((v) => v ?? {}),
});

export const TITLE_SORTS = ['Title', 'Sorting', 'Id'] as const;
export const ZTitleListRequest = listInput(z.object({}).passthrough(), TITLE_SORTS, { field: 'Title', dir: 'asc' });

// ---------------------------------------------------------- order categories

export const ZOrderCategoryUpdateRequest = z.object({
  id: idOrNew,
  title: text('Titel', 500),
  sku: optionalText(100),
  price: optionalKroner('Pris'),
  invoiceTitle: optionalText(500),
  sorting,
  showOnShop: bool,
  hideOnContract: bool,
  shop: z
    .object({ title: optionalText(500), image: optionalText(2000), description: optionalText(20000) })
    .nullish()
    .transform((v) => v ?? { title: null, image: null, description: null }),
  imageFile,
});
export const ORDER_CATEGORY_SORTS = ['Title', 'Sku', 'Price', 'Sorting', 'Id'] as const;
export const ZOrderCategoryListRequest = listInput(z.object({}).passthrough(), ORDER_CATEGORY_SORTS, { field: 'Title', dir: 'asc' });

// ------------------------------------------------------------------- seasons

export const ZSeasonSeat = z.object({ chartId: refText(200), eventId: refText(200), name: refText(500) });

export const ZSeasonUpdateRequest = z
  .object({
    id: idOrNew,
    title: text('Titel', 500),
    startDate: date('Startdato'),
    endDate: date('Slutdato'),
    parentId: optionalId,
    reservations: bool,
    reservationExpires: optionalDate('Reservation udløber'),
    seats: z.array(ZSeasonSeat).nullish().transform((v) => v ?? []),
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', message: CATALOGUE_MSG.seasonEndBeforeStart, path: ['endDate'] });
    if (v.parentId && !v.reservationExpires) {
      ctx.addIssue({ code: 'custom', message: required('Reservation udløber'), path: ['reservationExpires'] });
    }
    if (v.parentId && v.id && v.parentId === v.id) ctx.addIssue({ code: 'custom', message: CATALOGUE_MSG.seasonOwnParent, path: ['parentId'] });
  });
/** SPEC §9: seasons sort by Name asc; Name is the season's title. */
export const SEASON_SORTS = ['Name', 'Title', 'StartDate', 'EndDate', 'Id'] as const;
export const ZSeasonListRequest = listInput(z.object({}).passthrough(), SEASON_SORTS, { field: 'Name', dir: 'asc' });

// ------------------------------------------------------------- custom fields

export const FIELD_TYPES = ['Text', 'RichText', 'Number', 'Dropdown', 'Date', 'DateTime', 'Time', 'Checkbox', 'Upload'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/**
 * The default value a field of `type` may carry, normalised; throws the Danish
 * message when it does not fit. Number: a decimal (comma accepted), stored as
 * '12.5'. Dropdown: one of the values. Checkbox: 'true'/'false'. Date:
 * 'YYYY-MM-DD'. Time: 'HH:mm'. Upload: none.
 */
export function normaliseDefaultValue(type: FieldType, value: string | null, values: string[]): string | null {
  if (value === null || value.trim() === '') return null;
  const v = value.trim();
  switch (type) {
    case 'Number': {
      const n = parseDecimal(v);
      if (n === null || Number.isNaN(n)) throw new FieldDefaultError(decimalMessage('Standardværdi'));
      return String(n);
    }
    case 'Dropdown':
      if (!values.includes(v)) throw new FieldDefaultError(CATALOGUE_MSG.defaultNotInValues);
      return v;
    case 'Checkbox':
      return v === 'true' || v === '1' || v === 'on' ? 'true' : 'false';
    case 'Date':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v.slice(0, 10)) || Number.isNaN(Date.parse(v.slice(0, 10))))
        throw new FieldDefaultError('Standardværdi skal være en gyldig dato');
      return v.slice(0, 10);
    case 'Time':
      if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(v.slice(0, 5))) throw new FieldDefaultError('Standardværdi skal være et gyldigt tidspunkt');
      return v.slice(0, 5);
    case 'DateTime':
      if (Number.isNaN(Date.parse(v))) throw new FieldDefaultError('Standardværdi skal være et gyldigt tidspunkt');
      return v;
    case 'Upload':
      return null;
    default:
      return v;
  }
}
export class FieldDefaultError extends Error {}

/**
 * Field type change (SPEC §4 "Field type change clears defaultValue"), as the
 * server enforces it: when the stored type differs from the new type, a default
 * value that is just the stored one carried along is dropped; only a new value,
 * valid for the new type, is kept.
 */
export function defaultAfterTypeChange(
  stored: { type: FieldType; defaultValue: string | null } | null,
  next: { type: FieldType; defaultValue: string | null },
): string | null {
  if (stored && stored.type !== next.type && (next.defaultValue ?? null) === (stored.defaultValue ?? null)) return null;
  return next.defaultValue;
}

export const ZCustomFieldUpdateRequest = z
  .object({
    id: idOrNew,
    title: text('Titel', 500),
    type: enumOf(FIELD_TYPES, 'Type'),
    categoryIds: idList('Kategori'),
    sorting,
    values: stringList,
    defaultValue: z
      .union([z.string(), z.number(), z.boolean(), z.null()])
      .optional()
      .transform((v) => (v === undefined || v === null ? null : String(v))),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'Dropdown' && v.values.length === 0) ctx.addIssue({ code: 'custom', message: CATALOGUE_MSG.dropdownNeedsValues, path: ['values'] });
  });
export const FIELD_SORTS = ['Title', 'Type', 'Sorting', 'Id'] as const;
export const ZCustomFieldListRequest = listInput(
  z
    .object({ categoryId: optionalId, type: z.string().optional() })
    .passthrough()
    .transform((f) => ({ categoryId: f.categoryId ?? null })),
  FIELD_SORTS,
  { field: 'Title', dir: 'asc' },
);

// ------------------------------------------------------------ discount codes

export const ZDiscountCodeUpdateRequest = z
  .object({
    id: idOrNew,
    title: text('Titel', 500),
    code: text('Kode', 100).refine((c) => !/\s/.test(c), 'Kode må ikke indeholde mellemrum'),
    expires: date('Udløbsdato'),
    /** Uses allowed; empty or 0 = unlimited. */
    amount: optionalInteger('Antal', { min: 0 }).transform((v) => (v ? v : null)),
    discount: z.union([z.string(), z.number()], { error: required('Rabat') }),
    percentage: boolDefault(true),
    active: boolDefault(false),
    productIds: idList('Produkt'),
  })
  .transform((v, ctx) => {
    // Percent and kroner both have two decimals; stored as hundredths (øre, or 1/100 %).
    const parsed = kroner('Rabat').safeParse(v.discount);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0].message, path: ['discount'] });
      return z.NEVER;
    }
    if (v.percentage && parsed.data > 10000) {
      ctx.addIssue({ code: 'custom', message: CATALOGUE_MSG.percentageMax, path: ['discount'] });
      return z.NEVER;
    }
    return { ...v, discountHundredths: parsed.data };
  });
export const DISCOUNT_SORTS = ['Title', 'Code', 'Expires', 'Active', 'Id'] as const;
export const ZDiscountCodeListRequest = listInput(z.object({}).passthrough(), DISCOUNT_SORTS, { field: 'Title', dir: 'asc' });

/* ------------------------------------------------------------------ requests without a body of their own */

export const ZCategoryProductsRequest = z.object({ id, contract: bool });
export const ZFieldsForCategoryRequest = z.object({ categoryId: id });
/** The parents a season may choose: every season without a parent but the season itself. */
export const ZSeasonParentsRequest = z.object({ id: id.optional() }).optional();

/* ------------------------------------------------------------------ responses (money in kroner) */

const int = z.number().int();
const nullableText = z.string().nullable();
const text_ = z.string().nullable();
const ZProductExtraInfoResponse = z.object({ title: z.string(), alias: z.string(), type: z.enum(EXTRA_INFO_TYPES), values: z.array(z.string()), multiple: z.boolean() });
const ZContractSetupResponse = z.object({
  type: z.enum(CONTRACT_SETUP_TYPES),
  amountType: z.enum(CONTRACT_AMOUNT_TYPES).nullable(),
  unit: z.enum(CONTRACT_UNITS).nullable(),
  preSelected: z.boolean(),
});
const ZSubscriptionResponse = z.object({ active: z.boolean(), startFee: z.number().nullable(), fee: z.number().nullable(), interval: int.nullable(), commitment: int.nullable() });
const ZProductShopResponse = z.object({
  active: z.boolean(),
  title: text_,
  price: z.number().nullable(),
  discount: z.number().nullable(),
  seasonId: int.nullable(),
  description: text_,
  image: text_,
});
const ZSeatsResponse = z.object({ chartId: text_, category: text_ });
const ZCategoryShopResponse = z.object({ active: z.boolean(), title: text_, description: text_, image: text_ });
const ZOrderCategoryShopResponse = z.object({ title: text_, image: text_, description: text_ });
const ZSeasonSeatResponse = z.object({ chartId: text_, eventId: text_, name: text_ });
const ZEconomicResponse = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

export const ZTitleOption = z.object({ id: int, title: z.string() });
export const ZTitleOptions = z.array(ZTitleOption);

export const ZProductListResponse = ZPage(
  z.object({
    id: int,
    title: z.string(),
    description: nullableText,
    type: z.enum(PRODUCT_TYPES),
    active: z.boolean(),
    categoryId: int.nullable(),
    category: nullableText,
    price: z.number(),
    basePrice: z.number(),
    hasVariants: z.boolean(),
    sorting: int,
  }),
);

export const ZProductResponse = z.object({
  id: int,
  title: z.string(),
  sku: nullableText,
  type: z.enum(PRODUCT_TYPES),
  categoryId: int.nullable(),
  category: ZTitleOption.nullable(),
  price: z.number(),
  saleAmount: int.nullable(),
  description: nullableText,
  sorting: int,
  invoiceTitle: nullableText,
  invoiceGroupId: int.nullable(),
  showOnInvoice: z.boolean(),
  prePayment: z.boolean(),
  reservation: z.boolean(),
  seasonTicket: z.boolean(),
  poolProduct: z.boolean(),
  appendix: z.boolean(),
  hideExport: z.boolean(),
  vatExempt: z.boolean(),
  active: z.boolean(),
  extraInfo: z.array(ZProductExtraInfoResponse),
  contractSetup: ZContractSetupResponse.nullable(),
  subscription: ZSubscriptionResponse,
  shop: ZProductShopResponse,
  seats: ZSeatsResponse,
  economicSku: nullableText,
  variants: z.array(z.object({ id: int, title: z.string(), sku: nullableText, price: z.number(), saleAmount: int.nullable(), active: z.boolean(), sorting: int })),
  options: z.array(
    z.object({
      id: int,
      productId: int,
      product: z.string(),
      variantId: int.nullable(),
      variant: nullableText,
      public: z.boolean(),
      preSelected: z.boolean(),
      priceOverride: z.boolean(),
      price: z.number().nullable(),
      sorting: int,
    }),
  ),
});

export const ZProductSearchResponse = z.array(
  z.object({
    id: int,
    title: z.string(),
    type: z.enum(PRODUCT_TYPES),
    sku: nullableText,
    price: z.number(),
    active: z.boolean(),
    vatExempt: z.boolean(),
    categoryId: int.nullable(),
    variants: z.array(z.object({ id: int, title: z.string(), sku: nullableText, price: z.number() })),
  }),
);

export const ZProductCategoryListResponse = ZPage(z.object({ id: int, title: z.string(), sorting: int }));
export const ZProductCategoryResponse = z.object({ id: int, title: z.string(), sorting: int, shop: ZCategoryShopResponse });
export const ZCategoryProductsResponse = z.array(
  z.object({ id: int, title: z.string(), type: z.enum(PRODUCT_TYPES), price: z.number(), active: z.boolean(), shopActive: z.boolean(), sorting: int }),
);

export const ZInvoiceGroupListResponse = ZPage(z.object({ id: int, title: z.string(), sku: nullableText, sorting: int, vatExempt: z.boolean() }));
export const ZInvoiceGroupOptions = z.array(z.object({ id: int, title: z.string(), vatExempt: z.boolean() }));
export const ZInvoiceGroupResponse = z.object({ id: int, title: z.string(), sku: nullableText, sorting: int, vatExempt: z.boolean(), economic: ZEconomicResponse });

const ZOrderCategoryRow = z.object({
  id: int,
  title: z.string(),
  sku: nullableText,
  price: z.number().nullable(),
  invoiceTitle: nullableText,
  sorting: int,
  showOnShop: z.boolean(),
  hideOnContract: z.boolean(),
});
export const ZOrderCategoryListResponse = ZPage(ZOrderCategoryRow);
export const ZOrderCategoryOptions = z.array(ZOrderCategoryRow);
export const ZOrderCategoryResponse = ZOrderCategoryRow.extend({ shop: ZOrderCategoryShopResponse });

const ZSeasonRow = z.object({
  id: int,
  title: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  parentId: int.nullable(),
  reservations: z.boolean(),
  reservationExpires: nullableText,
});
export const ZSeasonListResponse = ZPage(ZSeasonRow);
export const ZSeasonOptions = z.array(ZSeasonRow);
export const ZSeasonResponse = ZSeasonRow.extend({ seats: z.array(ZSeasonSeatResponse) });

const ZCustomFieldRow = z.object({
  id: int,
  title: z.string(),
  type: z.enum(FIELD_TYPES),
  categoryIds: z.array(int),
  sorting: int,
  values: z.array(z.string()),
  defaultValue: nullableText,
});
export const ZCustomFieldListResponse = ZPage(ZCustomFieldRow);
export const ZCustomFieldOptions = z.array(ZCustomFieldRow);
export const ZCustomFieldResponse = ZCustomFieldRow;
/** A saved field answers with the default it kept (a type change may drop it). */
export const ZCustomFieldSaveResponse = z.object({ id: int, created: z.boolean(), defaultValue: nullableText, message: z.string() });

const ZDiscountCodeRow = z.object({
  id: int,
  title: z.string(),
  code: z.string(),
  expires: z.string(),
  amount: int.nullable(),
  uses: int,
  /** Percent for percentage codes, kroner for fixed ones. */
  discount: z.number(),
  percentage: z.boolean(),
  active: z.boolean(),
});
export const ZDiscountCodeListResponse = ZPage(ZDiscountCodeRow);
export const ZDiscountCodeResponse = ZDiscountCodeRow.extend({ productIds: z.array(int), products: z.array(ZTitleOption) });
