import { type Kysely, sql } from 'kysely';
import { clubTable, enableTenancy, withTimestamps } from './helpers';

/**
 * Catalogue and reference data (issue 5): products with variants and options,
 * product categories, invoice groups, order categories, seasons, custom fields
 * and discount codes. Money is bigint øre; discount codes keep their discount
 * in hundredths (øre for fixed codes, 1/100 % for percentage codes).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const emptyObject = sql`'{}'::jsonb`;
  const emptyArray = sql`'[]'::jsonb`;

  await clubTable(db, 'product_categories')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sorting', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shop', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenancy(db, 'product_categories');

  await clubTable(db, 'invoice_groups')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sku', 'text')
    .addColumn('sorting', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vat_exempt', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('economic', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenancy(db, 'invoice_groups');

  await clubTable(db, 'seasons')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date', (c) => c.notNull())
    .addColumn('parent_id', 'integer')
    .addColumn('reservations', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('reservation_expires', 'date')
    .addColumn('seats', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('seasons_dates_check', sql`end_date >= start_date`)
    .addCheckConstraint('seasons_parent_check', sql`parent_id IS NULL OR (parent_id <> id AND reservation_expires IS NOT NULL)`)
    .execute();
  await enableTenancy(db, 'seasons', { references: { parent_id: ['seasons', 'restrict'] } });
  await db.schema.createIndex('seasons_parent_idx').on('seasons').columns(['client_id', 'parent_id']).execute();

  await clubTable(db, 'products')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sku', 'text')
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type IN ('product', 'ticket', 'seat-ticket')`))
    .addColumn('category_id', 'integer')
    .addColumn('price', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('sale_amount', 'integer')
    .addColumn('description', 'text')
    .addColumn('sorting', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category_shop_sorting', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category_contract_sorting', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invoice_title', 'text')
    .addColumn('invoice_group_id', 'integer')
    .addColumn('show_on_invoice', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('pre_payment', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('reservation', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('season_ticket', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('pool_product', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('appendix', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('hide_export', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('vat_exempt', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('extra_info', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('contract_setup', 'jsonb')
    .addColumn('subscription', 'jsonb')
    .addColumn('shop', 'jsonb')
    .addColumn('seats', 'jsonb')
    .addColumn('economic_sku', 'text')
    .$call(withTimestamps)
    .addCheckConstraint('products_reservation_check', sql`NOT reservation OR type = 'seat-ticket'`)
    .execute();
  await enableTenancy(db, 'products', {
    references: { category_id: ['product_categories', 'set null'], invoice_group_id: ['invoice_groups', 'set null'] },
  });
  await db.schema.createIndex('products_category_idx').on('products').columns(['client_id', 'category_id']).execute();
  await db.schema.createIndex('products_title_idx').on('products').columns(['client_id', 'title']).execute();

  await clubTable(db, 'product_variants')
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sku', 'text')
    .addColumn('price', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('sale_amount', 'integer')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sorting', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await enableTenancy(db, 'product_variants', { references: { product_id: ['products', 'cascade'] } });
  await db.schema.createIndex('product_variants_product_idx').on('product_variants').columns(['client_id', 'product_id']).execute();
  // An option's variant must belong to the option's product: (client, product, variant) is referenced below.
  await sql`ALTER TABLE product_variants ADD CONSTRAINT product_variants_product_variant_key UNIQUE (client_id, product_id, id)`.execute(db);

  await clubTable(db, 'product_options')
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('option_product_id', 'integer', (c) => c.notNull())
    .addColumn('option_variant_id', 'integer')
    .addColumn('public', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('pre_selected', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('price_override', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('price', 'bigint')
    .addColumn('sorting', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('product_options_self_check', sql`option_product_id <> product_id`)
    .addCheckConstraint('product_options_price_check', sql`NOT price_override OR price IS NOT NULL`)
    .execute();
  await enableTenancy(db, 'product_options', { references: { product_id: ['products', 'cascade'], option_product_id: ['products', 'cascade'] } });
  await sql`ALTER TABLE product_options ADD CONSTRAINT product_options_option_variant_fkey
    FOREIGN KEY (client_id, option_product_id, option_variant_id) REFERENCES product_variants (client_id, product_id, id) ON DELETE SET NULL (option_variant_id)`.execute(db);
  await db.schema.createIndex('product_options_product_idx').on('product_options').columns(['client_id', 'product_id']).execute();
  await db.schema.createIndex('product_options_option_idx').on('product_options').columns(['client_id', 'option_product_id']).execute();

  await clubTable(db, 'order_categories')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sku', 'text')
    .addColumn('price', 'bigint')
    .addColumn('invoice_title', 'text')
    .addColumn('sorting', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('show_on_shop', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('hide_on_contract', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('shop', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenancy(db, 'order_categories');

  await clubTable(db, 'custom_fields')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type IN ('Text', 'RichText', 'Number', 'Dropdown', 'Date', 'DateTime', 'Time', 'Checkbox', 'Upload')`),
    )
    .addColumn('sorting', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('values', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('default_value', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenancy(db, 'custom_fields');

  await clubTable(db, 'custom_field_categories')
    .addColumn('field_id', 'integer', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .execute();
  await enableTenancy(db, 'custom_field_categories', {
    references: { field_id: ['custom_fields', 'cascade'], category_id: ['order_categories', 'cascade'] },
  });
  await sql`ALTER TABLE custom_field_categories ADD CONSTRAINT custom_field_categories_pair_key UNIQUE (client_id, field_id, category_id)`.execute(db);
  await db.schema.createIndex('custom_field_categories_category_idx').on('custom_field_categories').columns(['client_id', 'category_id']).execute();

  await clubTable(db, 'discount_codes')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('expires', 'date', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.check(sql`amount IS NULL OR amount >= 0`))
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0).check(sql`uses >= 0`))
    .addColumn('discount', 'bigint', (c) => c.notNull().check(sql`discount >= 0`))
    .addColumn('percentage', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('discount_codes_percentage_check', sql`NOT percentage OR discount <= 10000`)
    .execute();
  await enableTenancy(db, 'discount_codes');
  await sql`CREATE UNIQUE INDEX discount_codes_code_key ON discount_codes (client_id, lower(code))`.execute(db);

  await clubTable(db, 'discount_code_products')
    .addColumn('discount_code_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .execute();
  await enableTenancy(db, 'discount_code_products', {
    references: { discount_code_id: ['discount_codes', 'cascade'], product_id: ['products', 'cascade'] },
  });
  await sql`ALTER TABLE discount_code_products ADD CONSTRAINT discount_code_products_pair_key UNIQUE (client_id, discount_code_id, product_id)`.execute(
    db,
  );
  await db.schema.createIndex('discount_code_products_product_idx').on('discount_code_products').columns(['client_id', 'product_id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
