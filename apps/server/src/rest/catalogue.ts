import {
  ZCategorySortRequest,
  ZCustomFieldListRequest,
  ZCustomFieldUpdateRequest,
  ZDiscountCodeListRequest,
  ZDiscountCodeUpdateRequest,
  ZInvoiceGroupUpdateRequest,
  ZOrderCategoryListRequest,
  ZOrderCategoryUpdateRequest,
  ZProductCategoryUpdateRequest,
  ZProductListRequest,
  ZProductSearchRequest,
  ZProductUpdateRequest,
  ZSeasonListRequest,
  ZSeasonUpdateRequest,
  ZTitleListRequest,
} from '@klubhus/domain';
import { z } from 'zod';
import { defineRoutes, formFiles, listEnvelope, listRequest, pascalRow, type RestCaller, type RestInput, type RestRoute } from './route';
import { deleteRoute, getRoute, listRoutes as listPair, saved } from './shapes';

/**
 * Catalogue and reference data (SPEC §7 "Products", "Categories, seasons,
 * fields, discount codes", "Invoice groups"). Each URL calls one procedure;
 * prices are kroner on the wire. List rows are PascalCase (the list protocol's
 * {Result, TotalPages, Total}); single records are the procedure's own shape.
 */

/** id → Id, startDate → StartDate. */
const pascal = <T extends object>(row: T) => pascalRow(row);

/** A multipart body's file part 'imageFile' becomes the procedure's imageFile upload (a JSON body may carry it as base64). */
function withImageUpload(body: Record<string, unknown>) {
  return { ...body, files: undefined, imageFile: formFiles(body, 'imageFile') ?? body.imageFile };
}

/** GET {base} (query: search, sort, direction, page, perPage) and POST {base} (list protocol) → {Result, TotalPages, Total}. */
function listRoutes(
  base: string,
  what: string,
  body: z.ZodType,
  list: (call: RestCaller, request: unknown) => Promise<{ rows: object[]; total: number; totalPages: number }>,
): Omit<RestRoute, 'tag'>[] {
  return listPair({
    url: base,
    post: `${what}: {filter, search, sort{field,dir}, page, perPage} -> {Result, TotalPages, Total}`,
    get: `${what} by query parameters (search, sort, direction, page, perPage)`,
    body,
    list: (call, input) => list(call, listRequest(input)),
    row: pascal,
  });
}

/** GET {base}/{id}, POST {base}/update, DELETE {base}/{id} for one entity. */
function recordRoutes(
  base: string,
  what: string,
  body: z.ZodType,
  records: (call: RestCaller) => {
    get: (input: unknown) => Promise<unknown>;
    update: (body: unknown) => Promise<{ id: number; message: string }>;
    delete: (input: unknown) => Promise<unknown>;
  },
  opts: { multipart?: boolean } = {},
): Omit<RestRoute, 'tag'>[] {
  return [
    getRoute(`${base}/:id`, `One ${what} -> {success, result}`, (call, id) => records(call).get(id)),
    {
      method: 'POST',
      url: `${base}/update`,
      summary: `Create (no id) or save a ${what} -> {success, result: id, message}`,
      body,
      ...(opts.multipart ? { multipart: true } : {}),
      handler: async (call, { body }) => saved(await records(call).update(withImageUpload(body))),
    },
    deleteRoute(`${base}/:id`, `Delete a ${what} -> {success, message}`, (call, id) => records(call).delete(id)),
  ];
}

/** Picker requests carry search or ids and no paging: GET {products}?search= or ?ids=1,2. */
const isPickerRequest = (q: Record<string, unknown>) => (q.ids !== undefined || q.search !== undefined) && q.page === undefined && q.sort === undefined;

export const productRoutes = defineRoutes('Products', [
  {
    method: 'GET',
    url: '/api/products',
    summary:
      'Products: with ?search= or ?ids= (no page/sort) the picker result {success, result: [{id, title, type, sku, price, variants}]}; otherwise the list envelope (Title asc, 10 per page)',
    query: ZProductSearchRequest,
    handler: async (call, input) => {
      const q = input.query as Record<string, unknown>;
      if (isPickerRequest(q)) {
        return { success: true, result: await call.products.search({ search: q.search as string | undefined, ids: q.ids, type: q.type }) };
      }
      const request = listRequest(input) as Record<string, unknown>;
      const categoryId = q.categoryId ?? q.category;
      return listEnvelope(await call.products.list({ ...request, ...(categoryId ? { filter: { categoryId } } : {}) }), pascal);
    },
  },
  {
    method: 'POST',
    url: '/api/products',
    summary: 'Product list: {filter{categoryId}, search, sort{field,dir}, page, perPage} -> {Result, TotalPages, Total}; Price is the lowest active variant price when HasVariants ("Fra:")',
    body: ZProductListRequest,
    handler: async (call, input) => listEnvelope(await call.products.list(listRequest(input)), pascal),
  },
  ...recordRoutes(
    '/api/products',
    'product (with variants and options; multipart: webshop image as imageFile)',
    ZProductUpdateRequest,
    (call) => call.products,
    { multipart: true },
  ),

  ...listRoutes('/api/products/categories', 'Product categories (Title asc)', ZTitleListRequest, (call, r) => call.productCategories.list(r)),
  ...recordRoutes(
    '/api/products/categories',
    'product category (multipart: webshop image as imageFile)',
    ZProductCategoryUpdateRequest,
    (call) => call.productCategories,
    { multipart: true },
  ),
  {
    method: 'GET',
    url: '/api/products/categories/:id/products',
    summary: "The category's products in their saved order: ?contract=true for agreements, false for the webshop -> {success, result}",
    query: z.object({ contract: z.string().optional() }),
    handler: async (call, input) => ({
      success: true,
      result: await call.productCategories.products({ id: input.params.id, contract: input.query.contract }),
    }),
  },
  {
    method: 'POST',
    url: '/api/products/categories/:id/products',
    summary: 'Save the order of the category\'s products: body [ids] or {productIds, contract}; ?contract=true|false -> {success, message}',
    body: ZCategorySortRequest.omit({ id: true }),
    handler: async (call, input) => {
      const raw = input.body as unknown;
      const body = (Array.isArray(raw) ? { productIds: raw } : (raw ?? {})) as Record<string, unknown>;
      return call.productCategories.sortProducts({
        id: input.params.id,
        contract: (body.contract ?? input.query.contract),
        productIds: (body.productIds ?? body.ids ?? []),
      });
    },
  },

  ...listRoutes('/api/products/invoicegroups', 'Invoice groups (Title asc)', ZTitleListRequest, (call, r) => call.invoiceGroups.list(r)),
  ...recordRoutes('/api/products/invoicegroups', 'invoice group', ZInvoiceGroupUpdateRequest, (call) => call.invoiceGroups),
]);

export const orderReferenceRoutes = defineRoutes('Orders: reference data', [
  ...listRoutes('/api/orders/categories', 'Order categories (Title asc)', ZOrderCategoryListRequest, (call, r) => call.orderCategories.list(r)),
  ...recordRoutes(
    '/api/orders/categories',
    'order category (multipart: webshop image as imageFile)',
    ZOrderCategoryUpdateRequest,
    (call) => call.orderCategories,
    { multipart: true },
  ),

  {
    method: 'GET',
    url: '/api/orders/seasons/parents',
    summary: 'Seasons without a parent (choices for a parent season; ?id= leaves that season out) -> {success, result}',
    handler: async (call, input) => ({
      success: true,
      result: await call.seasons.parents(input.query.id ? { id: input.query.id } : undefined),
    }),
  },
  ...listRoutes('/api/orders/seasons', 'Seasons (Name asc)', ZSeasonListRequest, (call, r) => call.seasons.list(r)).map((r) =>
    r.method === 'GET' ? { ...r, handler: seasonsGet } : r,
  ),
  ...recordRoutes('/api/orders/seasons', 'season', ZSeasonUpdateRequest, (call) => call.seasons),

  {
    method: 'GET',
    url: '/api/orders/fields',
    summary: 'Custom fields: with ?categoryId= all fields of that order category {success, result} (order and agreement forms); otherwise the list envelope (Title asc)',
    query: z.object({ categoryId: z.string().optional() }),
    handler: async (call, input) => {
      const q = input.query as Record<string, unknown>;
      if (q.categoryId && q.page === undefined) return { success: true, result: await call.customFields.forCategory({ categoryId: q.categoryId }) };
      return listEnvelope(await call.customFields.list(listRequest(input)), pascal);
    },
  },
  {
    method: 'POST',
    url: '/api/orders/fields',
    summary: 'Custom field list: {filter{categoryId}, search, sort{field,dir}, page, perPage} -> {Result, TotalPages, Total}',
    body: ZCustomFieldListRequest,
    handler: async (call, input) => listEnvelope(await call.customFields.list(listRequest(input)), pascal),
  },
  ...recordRoutes('/api/orders/fields', 'custom field', ZCustomFieldUpdateRequest, (call) => call.customFields),

  ...listRoutes('/api/orders/discount-codes', 'Discount codes (Title asc)', ZDiscountCodeListRequest, (call, r) => call.discountCodes.list(r)),
  ...recordRoutes('/api/orders/discount-codes', 'discount code', ZDiscountCodeUpdateRequest, (call) => call.discountCodes),
]);

/** GET /api/orders/seasons: the list envelope; ?all=true gives every season with its dates (agreement pickers). */
async function seasonsGet(call: RestCaller, input: RestInput) {
  if (input.query.all === 'true') return { success: true, result: await call.seasons.options() };
  return listEnvelope(await call.seasons.list(listRequest(input)), pascal);
}

export const catalogueRoutes: RestRoute[] = [...productRoutes, ...orderReferenceRoutes];
