import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ClubRowColumns } from './columns';
import type { Json } from '../json';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** 'YYYY-MM-DD' (the date type parser keeps the text). */
type DateString = string;
/** Nullable jsonb column: read T | null, written as json(value) or null. */
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface ExtraInfoDefinitionJson {
  title: string;
  alias: string;
  type: 'Radio' | 'Checkbox' | 'Select' | 'Text';
  values: string[];
  multiple: boolean;
}
export interface ContractSetupJson {
  type: 'checkbox' | 'number' | 'text' | 'number-text';
  amountType: 'amount' | 'price' | 'amount-price' | null;
  unit: 'stk' | 'person' | null;
  preSelected: boolean;
}
/** Amounts in øre, interval and commitment in months. */
export interface ProductSubscriptionJson {
  active: boolean;
  startFee: number | null;
  fee: number | null;
  interval: number | null;
  commitment: number | null;
}
/** price and discount in øre; image is a reference (URL or stored file). */
export interface ProductShopJson {
  active: boolean;
  title: string | null;
  price: number | null;
  discount: number | null;
  seasonId: number | null;
  description: string | null;
  image: string | null;
}
export interface ProductSeatsJson {
  chartId: string | null;
  category: string | null;
}
export interface CategoryShopJson {
  active: boolean;
  title: string | null;
  description: string | null;
  image: string | null;
}
export interface OrderCategoryShopJson {
  title: string | null;
  image: string | null;
  description: string | null;
}
export interface SeasonSeatJson {
  chartId: string | null;
  eventId: string | null;
  name: string | null;
}

export interface ProductCategoriesTable extends ClubRowColumns {
  title: string;
  sorting: Generated<number>;
  shop: Json<CategoryShopJson>;
  created_at: CreatedAt;
}

export interface InvoiceGroupsTable extends ClubRowColumns {
  title: string;
  sku: string | null;
  sorting: Generated<number>;
  vat_exempt: Generated<boolean>;
  /** E-conomic tab (productGroup, …), stored as given. */
  economic: Json<Record<string, string | number | boolean | null>>;
  created_at: CreatedAt;
}

export interface SeasonsTable extends ClubRowColumns {
  title: string;
  start_date: DateString;
  end_date: DateString;
  parent_id: number | null;
  reservations: Generated<boolean>;
  reservation_expires: DateString | null;
  seats: Json<SeasonSeatJson[]>;
  created_at: CreatedAt;
}

export interface ProductsTable extends ClubRowColumns {
  title: string;
  sku: string | null;
  type: 'product' | 'ticket' | 'seat-ticket';
  category_id: number | null;
  /** øre */
  price: number;
  sale_amount: number | null;
  description: string | null;
  sorting: Generated<number>;
  /** Position in its category's webshop list. */
  category_shop_sorting: Generated<number>;
  /** Position in its category's agreement list. */
  category_contract_sorting: Generated<number>;
  invoice_title: string | null;
  invoice_group_id: number | null;
  show_on_invoice: Generated<boolean>;
  pre_payment: Generated<boolean>;
  reservation: Generated<boolean>;
  season_ticket: Generated<boolean>;
  pool_product: Generated<boolean>;
  appendix: Generated<boolean>;
  hide_export: Generated<boolean>;
  vat_exempt: Generated<boolean>;
  active: Generated<boolean>;
  extra_info: Json<ExtraInfoDefinitionJson[]>;
  contract_setup: NullableJson<ContractSetupJson>;
  subscription: NullableJson<ProductSubscriptionJson>;
  shop: NullableJson<ProductShopJson>;
  seats: NullableJson<ProductSeatsJson>;
  economic_sku: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProductVariantsTable extends ClubRowColumns {
  product_id: number;
  title: string;
  sku: string | null;
  /** øre */
  price: number;
  sale_amount: number | null;
  active: Generated<boolean>;
  sorting: Generated<number>;
}

export interface ProductOptionsTable extends ClubRowColumns {
  product_id: number;
  option_product_id: number;
  option_variant_id: number | null;
  public: Generated<boolean>;
  pre_selected: Generated<boolean>;
  price_override: Generated<boolean>;
  /** øre, when price_override */
  price: number | null;
  sorting: Generated<number>;
}

export interface OrderCategoriesTable extends ClubRowColumns {
  title: string;
  sku: string | null;
  /** øre */
  price: number | null;
  invoice_title: string | null;
  sorting: Generated<number>;
  show_on_shop: Generated<boolean>;
  hide_on_contract: Generated<boolean>;
  shop: Json<OrderCategoryShopJson>;
  created_at: CreatedAt;
}

export interface CustomFieldsTable extends ClubRowColumns {
  title: string;
  type: 'Text' | 'RichText' | 'Number' | 'Dropdown' | 'Date' | 'DateTime' | 'Time' | 'Checkbox' | 'Upload';
  sorting: Generated<number>;
  values: Json<string[]>;
  default_value: string | null;
  created_at: CreatedAt;
}

export interface CustomFieldCategoriesTable extends ClubRowColumns {
  field_id: number;
  category_id: number;
}

export interface DiscountCodesTable extends ClubRowColumns {
  title: string;
  /** Unique per club, case-insensitive. */
  code: string;
  expires: DateString;
  /** Uses allowed; null = unlimited. */
  amount: number | null;
  uses: Generated<number>;
  /** Hundredths: øre for fixed codes, 1/100 % for percentage codes. */
  discount: number;
  percentage: Generated<boolean>;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface DiscountCodeProductsTable extends ClubRowColumns {
  discount_code_id: number;
  product_id: number;
}

export interface CatalogueTables {
  product_categories: ProductCategoriesTable;
  invoice_groups: InvoiceGroupsTable;
  seasons: SeasonsTable;
  products: ProductsTable;
  product_variants: ProductVariantsTable;
  product_options: ProductOptionsTable;
  order_categories: OrderCategoriesTable;
  custom_fields: CustomFieldsTable;
  custom_field_categories: CustomFieldCategoriesTable;
  discount_codes: DiscountCodesTable;
  discount_code_products: DiscountCodeProductsTable;
}

export type Product = Selectable<ProductsTable>;
export type ProductVariant = Selectable<ProductVariantsTable>;
export type ProductOption = Selectable<ProductOptionsTable>;
export type ProductCategory = Selectable<ProductCategoriesTable>;
export type InvoiceGroup = Selectable<InvoiceGroupsTable>;
export type OrderCategory = Selectable<OrderCategoriesTable>;
export type Season = Selectable<SeasonsTable>;
export type CustomField = Selectable<CustomFieldsTable>;
export type DiscountCode = Selectable<DiscountCodesTable>;
