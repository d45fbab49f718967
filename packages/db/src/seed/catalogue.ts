import { json } from '../json';
import type { Tx } from '../tenancy';
import { setScope } from '../tenancy';

/**
 * Demo catalogue of a club: invoice groups, product categories, products with
 * variants and options, order categories, seasons, custom fields and discount
 * codes, so the catalogue screens, agreements and the webshop have something
 * to show. Prices in øre. Runs inside the demo seed's transaction.
 */
export async function seedCatalogueDemo(trx: Tx, clientId: number): Promise<void> {
  await setScope(trx, clientId, null);
  const c = { client_id: clientId };
  const id = <T extends { id: number }>(row: T) => row.id;

  const groups = {
    sponsor: id(await trx.insertInto('invoice_groups').values({ ...c, title: 'Sponsorater', sku: 'SPO', sorting: 1, economic: json({ productGroup: '1' }) }).returning('id').executeTakeFirstOrThrow()),
    tickets: id(await trx.insertInto('invoice_groups').values({ ...c, title: 'Billetsalg', sku: 'BIL', sorting: 2, economic: json({ productGroup: '2' }) }).returning('id').executeTakeFirstOrThrow()),
    merch: id(await trx.insertInto('invoice_groups').values({ ...c, title: 'Merchandise', sku: 'MER', sorting: 3, economic: json({}) }).returning('id').executeTakeFirstOrThrow()),
  };
  const category = async (title: string, sorting: number, shop: { active: boolean; title?: string; description?: string }) =>
    id(
      await trx
        .insertInto('product_categories')
        .values({ ...c, title, sorting, shop: json({ active: shop.active, title: shop.title ?? null, description: shop.description ?? null, image: null }) })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
  const cats = {
    tickets: await category('Billetter', 1, { active: true, title: 'Billetter', description: 'Sæsonkort og enkeltbilletter til hjemmebanekampe.' }),
    sponsor: await category('Sponsorpakker', 2, { active: false }),
    shop: await category('Fanshop', 3, { active: true, title: 'Fanshop', description: 'Trøjer, halstørklæder og andet til fans.' }),
  };

  const season = id(
    await trx
      .insertInto('seasons')
      .values({ ...c, title: 'Sæson 2026/27', start_date: '2026-07-01', end_date: '2027-06-30', seats: json([]) })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  await trx
    .insertInto('seasons')
    .values({
      ...c,
      title: 'Efterår 2026',
      start_date: '2026-07-01',
      end_date: '2026-12-31',
      parent_id: season,
      reservations: true,
      reservation_expires: '2026-06-15',
      seats: json([]),
    })
    .execute();
  await trx.insertInto('seasons').values({ ...c, title: 'Sæson 2025/26', start_date: '2025-07-01', end_date: '2026-06-30', seats: json([]) }).execute();

  // Where a product sits: its category and the invoice group it is booked under.
  const shelves = {
    tickets: { category: cats.tickets, group: groups.tickets },
    sponsor: { category: cats.sponsor, group: groups.sponsor },
    merch: { category: cats.shop, group: groups.merch },
  };
  let position = 0;
  const product = async (shelf: { category: number; group: number }, values: {
    title: string;
    type: 'product' | 'ticket' | 'seat-ticket';
    price: number;
    description?: string;
    shop?: { title: string; description: string } | null;
    contractSetup?: object | null;
    reservation?: boolean;
    seasonTicket?: boolean;
  }) => {
    position += 1;
    return id(
      await trx
        .insertInto('products')
        .values({
          ...c,
          title: values.title,
          type: values.type,
          price: values.price,
          category_id: shelf.category,
          invoice_group_id: shelf.group,
          description: values.description ?? null,
          sku: `P${String(position).padStart(3, '0')}`,
          category_shop_sorting: position,
          category_contract_sorting: position,
          reservation: values.reservation ?? false,
          season_ticket: values.seasonTicket ?? false,
          extra_info: json([]),
          contract_setup: values.contractSetup ? json(values.contractSetup) : null,
          shop: values.shop
            ? json({ active: true, title: values.shop.title, price: null, discount: null, seasonId: null, description: values.shop.description, image: null })
            : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
  };
  const parking = await product(shelves.tickets, { title: 'Parkering', type: 'product', price: 30000, description: 'Parkeringskort til hele sæsonen.' });
  const seasonCard = await product(shelves.tickets, {
    title: 'Sæsonkort',
    type: 'seat-ticket',
    price: 180000,
    description: 'Fast plads til alle hjemmebanekampe i sæsonen.',
    reservation: true,
    seasonTicket: true,
    shop: { title: 'Sæsonkort 2026/27', description: 'Sikr dig din faste plads.' },
    contractSetup: { type: 'number', amountType: 'amount', unit: 'person', preSelected: false },
  });
  const single = await product(shelves.tickets, {
    title: 'Enkeltbillet',
    type: 'ticket',
    price: 12000,
    shop: { title: 'Billet til hjemmebanekamp', description: 'Ståplads.' },
  });
  await product(shelves.sponsor, {
    title: 'Bandereklame',
    type: 'product',
    price: 1500000,
    description: 'Bande på langsiden, 6 meter.',
    contractSetup: { type: 'checkbox', amountType: null, unit: null, preSelected: true },
  });
  await product(shelves.sponsor, {
    title: 'Logo på spillertrøje',
    type: 'product',
    price: 2500000,
    contractSetup: { type: 'number-text', amountType: 'amount-price', unit: 'stk', preSelected: false },
  });
  const jersey = await product(shelves.merch, {
    title: 'Klubtrøje',
    type: 'product',
    price: 49900,
    shop: { title: 'Klubtrøje 2026/27', description: 'Officiel hjemmebanetrøje.' },
  });
  const scarf = await product(shelves.merch, {
    title: 'Halstørklæde',
    type: 'product',
    price: 14900,
    shop: { title: 'Halstørklæde', description: 'Strikket i klubbens farver.' },
  });

  const variants = [
    [single, 'Voksen', 12000],
    [single, 'Barn (under 15)', 6000],
    [single, 'Pensionist', 9000],
    [jersey, 'Small', 49900],
    [jersey, 'Medium', 49900],
    [jersey, 'Large', 49900],
    [jersey, 'Børn', 39900],
  ] as const;
  for (const [i, [productId, title, price]] of variants.entries()) {
    await trx.insertInto('product_variants').values({ ...c, product_id: productId, title, price, sorting: i }).execute();
  }
  await trx
    .insertInto('product_options')
    .values({ ...c, product_id: seasonCard, option_product_id: parking, public: true, price_override: true, price: 25000 })
    .execute();

  const orderCategory = async (title: string, sorting: number, values: { sku?: string; price?: number; showOnShop?: boolean; hideOnContract?: boolean }) =>
    id(
      await trx
        .insertInto('order_categories')
        .values({
          ...c,
          title,
          sorting,
          sku: values.sku ?? null,
          price: values.price ?? null,
          invoice_title: title,
          show_on_shop: values.showOnShop ?? false,
          hide_on_contract: values.hideOnContract ?? false,
          shop: json({ title: null, image: null, description: null }),
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
  const sponsorDeal = await orderCategory('Sponsoraftale', 1, {});
  const partner = await orderCategory('Partnerskab', 2, { sku: 'PART', price: 500000 });
  await orderCategory('Webshop', 3, { showOnShop: true, hideOnContract: true });

  const field = async (title: string, type: 'Text' | 'Number' | 'Dropdown', sorting: number, categories: number[], extra: { values?: string[]; defaultValue?: string } = {}) => {
    const fieldId = id(
      await trx
        .insertInto('custom_fields')
        .values({ ...c, title, type, sorting, values: json(extra.values ?? []), default_value: extra.defaultValue ?? null })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    for (const categoryId of categories) await trx.insertInto('custom_field_categories').values({ ...c, field_id: fieldId, category_id: categoryId }).execute();
  };
  await field('Kontaktperson på kampdagen', 'Text', 1, [sponsorDeal, partner]);
  await field('Antal VIP-pladser', 'Number', 2, [partner], { defaultValue: '0' });
  await field('Eksponering', 'Dropdown', 3, [sponsorDeal], { values: ['Lokal', 'Regional', 'National'], defaultValue: 'Lokal' });

  const welcome = id(
    await trx
      .insertInto('discount_codes')
      .values({ ...c, title: 'Velkomstrabat', code: 'VELKOMMEN10', expires: '2027-12-31', amount: null, discount: 1000, percentage: true, active: true })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  await trx.insertInto('discount_code_products').values({ ...c, discount_code_id: welcome, product_id: scarf }).execute();
  await trx.insertInto('discount_code_products').values({ ...c, discount_code_id: welcome, product_id: jersey }).execute();
  await trx
    .insertInto('discount_codes')
    .values({ ...c, title: 'Sommerrabat', code: 'SOMMER50', expires: '2026-08-31', amount: 100, discount: 5000, percentage: false, active: false })
    .execute();
}
