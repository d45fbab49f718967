import {
  id,
  ZCategoryProductsRequest,
  ZCategoryProductsResponse,
  ZCategorySortRequest,
  ZCustomFieldListRequest,
  ZCustomFieldListResponse,
  ZCustomFieldOptions,
  ZCustomFieldResponse,
  ZCustomFieldSaveResponse,
  ZCustomFieldUpdateRequest,
  ZDiscountCodeListRequest,
  ZDiscountCodeListResponse,
  ZDiscountCodeResponse,
  ZDiscountCodeUpdateRequest,
  ZFieldsForCategoryRequest,
  ZInvoiceGroupListResponse,
  ZInvoiceGroupOptions,
  ZInvoiceGroupResponse,
  ZInvoiceGroupUpdateRequest,
  ZNoInput,
  ZOrderCategoryListRequest,
  ZOrderCategoryListResponse,
  ZOrderCategoryOptions,
  ZOrderCategoryResponse,
  ZOrderCategoryUpdateRequest,
  ZProductCategoryListResponse,
  ZProductCategoryResponse,
  ZProductCategoryUpdateRequest,
  ZProductListRequest,
  ZProductListResponse,
  ZProductResponse,
  ZProductSearchRequest,
  ZProductSearchResponse,
  ZProductUpdateRequest,
  ZSaveResponse,
  ZSeasonListRequest,
  ZSeasonListResponse,
  ZSeasonOptions,
  ZSeasonParentsRequest,
  ZSeasonResponse,
  ZSeasonUpdateRequest,
  ZSuccessResponse,
  ZTitleListRequest,
  ZTitleOptions,
} from '@klubhus/domain';
import { z } from 'zod';
import { moduleAccess, router } from '../trpc';
import {
  categoryProducts,
  deleteProductCategory,
  getProductCategory,
  listProductCategories,
  productCategoryOptions,
  saveProductCategory,
  sortCategoryProducts,
} from './categories';
import { deleteDiscountCode, getDiscountCode, listDiscountCodes, saveDiscountCode } from './discountcodes';
import { deleteCustomField, fieldsForCategory, getCustomField, listCustomFields, saveCustomField } from './fields';
import { deleteInvoiceGroup, getInvoiceGroup, invoiceGroupOptions, listInvoiceGroups, saveInvoiceGroup } from './invoicegroups';
import { deleteOrderCategory, getOrderCategory, listOrderCategories, orderCategoryOptions, saveOrderCategory } from './ordercategories';
import { deleteProduct, getProduct, listProducts, saveProductWithImage, searchProducts } from './products';
import { deleteSeason, getSeason, listSeasons, parentSeasons, saveSeason, seasonOptions } from './seasons';

const byId = z.object({ id });

/** Products, product categories and invoice groups live in the products module. */
const { read: productsRead, write: productsWrite, remove: productsDelete } = moduleAccess('products', 'products');

/** Order categories, seasons, custom fields and discount codes live in the orders module. */
const { read: ordersRead, write: ordersWrite, remove: ordersDelete } = moduleAccess('orders', 'orders');

export const productsRouter = router({
  list: productsRead.input(ZProductListRequest).output(ZProductListResponse).query(({ ctx, input }) => listProducts(ctx.trx, ctx.club.clientId, input)),
  get: productsRead.input(byId).output(ZProductResponse).query(({ ctx, input }) => getProduct(ctx.trx, ctx.club.clientId, input.id)),
  update: productsWrite.input(ZProductUpdateRequest).output(ZSaveResponse).mutation(({ ctx, input }) => saveProductWithImage(ctx.trx, ctx.files, ctx.club, input)),
  delete: productsDelete.input(byId).output(ZSuccessResponse).mutation(({ ctx, input }) => deleteProduct(ctx.trx, ctx.files, ctx.club.clientId, input.id)),
  search: productsRead.input(ZProductSearchRequest).output(ZProductSearchResponse).query(({ ctx, input }) => searchProducts(ctx.trx, ctx.club.clientId, input)),
  /** The product categories for the list's filter and the editor. */
  categories: productsRead.input(ZNoInput).output(ZTitleOptions).query(({ ctx }) => productCategoryOptions(ctx.trx, ctx.club.clientId)),
});

export const productCategoriesRouter = router({
  list: productsRead
    .input(ZTitleListRequest)
    .output(ZProductCategoryListResponse)
    .query(({ ctx, input }) => listProductCategories(ctx.trx, ctx.club.clientId, input)),
  options: productsRead.input(ZNoInput).output(ZTitleOptions).query(({ ctx }) => productCategoryOptions(ctx.trx, ctx.club.clientId)),
  get: productsRead.input(byId).output(ZProductCategoryResponse).query(({ ctx, input }) => getProductCategory(ctx.trx, ctx.club.clientId, input.id)),
  update: productsWrite
    .input(ZProductCategoryUpdateRequest)
    .output(ZSaveResponse)
    .mutation(({ ctx, input }) => saveProductCategory(ctx.trx, ctx.files, ctx.club, input)),
  delete: productsDelete.input(byId).output(ZSuccessResponse).mutation(({ ctx, input }) => deleteProductCategory(ctx.trx, ctx.files, ctx.club.clientId, input.id)),
  products: productsRead
    .input(ZCategoryProductsRequest)
    .output(ZCategoryProductsResponse)
    .query(({ ctx, input }) => categoryProducts(ctx.trx, ctx.club.clientId, input.id, input.contract)),
  sortProducts: productsWrite.input(ZCategorySortRequest).output(ZSuccessResponse).mutation(({ ctx, input }) => sortCategoryProducts(ctx.trx, ctx.club.clientId, input)),
});

export const invoiceGroupsRouter = router({
  list: productsRead.input(ZTitleListRequest).output(ZInvoiceGroupListResponse).query(({ ctx, input }) => listInvoiceGroups(ctx.trx, ctx.club.clientId, input)),
  options: productsRead.input(ZNoInput).output(ZInvoiceGroupOptions).query(({ ctx }) => invoiceGroupOptions(ctx.trx, ctx.club.clientId)),
  get: productsRead.input(byId).output(ZInvoiceGroupResponse).query(({ ctx, input }) => getInvoiceGroup(ctx.trx, ctx.club.clientId, input.id)),
  update: productsWrite.input(ZInvoiceGroupUpdateRequest).output(ZSaveResponse).mutation(({ ctx, input }) => saveInvoiceGroup(ctx.trx, ctx.club.clientId, input)),
  delete: productsDelete.input(byId).output(ZSuccessResponse).mutation(({ ctx, input }) => deleteInvoiceGroup(ctx.trx, ctx.club.clientId, input.id)),
});

export const orderCategoriesRouter = router({
  list: ordersRead
    .input(ZOrderCategoryListRequest)
    .output(ZOrderCategoryListResponse)
    .query(({ ctx, input }) => listOrderCategories(ctx.trx, ctx.club.clientId, input)),
  options: ordersRead.input(ZNoInput).output(ZOrderCategoryOptions).query(({ ctx }) => orderCategoryOptions(ctx.trx, ctx.club.clientId)),
  get: ordersRead.input(byId).output(ZOrderCategoryResponse).query(({ ctx, input }) => getOrderCategory(ctx.trx, ctx.club.clientId, input.id)),
  update: ordersWrite.input(ZOrderCategoryUpdateRequest).output(ZSaveResponse).mutation(({ ctx, input }) => saveOrderCategory(ctx.trx, ctx.files, ctx.club, input)),
  delete: ordersDelete.input(byId).output(ZSuccessResponse).mutation(({ ctx, input }) => deleteOrderCategory(ctx.trx, ctx.files, ctx.club.clientId, input.id)),
});

export const seasonsRouter = router({
  list: ordersRead.input(ZSeasonListRequest).output(ZSeasonListResponse).query(({ ctx, input }) => listSeasons(ctx.trx, ctx.club.clientId, input)),
  options: ordersRead.input(ZNoInput).output(ZSeasonOptions).query(({ ctx }) => seasonOptions(ctx.trx, ctx.club.clientId)),
  parents: ordersRead.input(ZSeasonParentsRequest).output(ZSeasonOptions).query(({ ctx, input }) => parentSeasons(ctx.trx, ctx.club.clientId, input?.id)),
  get: ordersRead.input(byId).output(ZSeasonResponse).query(({ ctx, input }) => getSeason(ctx.trx, ctx.club.clientId, input.id)),
  update: ordersWrite.input(ZSeasonUpdateRequest).output(ZSaveResponse).mutation(({ ctx, input }) => saveSeason(ctx.trx, ctx.club.clientId, input)),
  delete: ordersDelete.input(byId).output(ZSuccessResponse).mutation(({ ctx, input }) => deleteSeason(ctx.trx, ctx.club.clientId, input.id)),
});

export const customFieldsRouter = router({
  list: ordersRead.input(ZCustomFieldListRequest).output(ZCustomFieldListResponse).query(({ ctx, input }) => listCustomFields(ctx.trx, ctx.club.clientId, input)),
  forCategory: ordersRead
    .input(ZFieldsForCategoryRequest)
    .output(ZCustomFieldOptions)
    .query(({ ctx, input }) => fieldsForCategory(ctx.trx, ctx.club.clientId, input.categoryId)),
  get: ordersRead.input(byId).output(ZCustomFieldResponse).query(({ ctx, input }) => getCustomField(ctx.trx, ctx.club.clientId, input.id)),
  update: ordersWrite.input(ZCustomFieldUpdateRequest).output(ZCustomFieldSaveResponse).mutation(({ ctx, input }) => saveCustomField(ctx.trx, ctx.club.clientId, input)),
  delete: ordersDelete.input(byId).output(ZSuccessResponse).mutation(({ ctx, input }) => deleteCustomField(ctx.trx, ctx.club.clientId, input.id)),
});

export const discountCodesRouter = router({
  list: ordersRead.input(ZDiscountCodeListRequest).output(ZDiscountCodeListResponse).query(({ ctx, input }) => listDiscountCodes(ctx.trx, ctx.club.clientId, input)),
  get: ordersRead.input(byId).output(ZDiscountCodeResponse).query(({ ctx, input }) => getDiscountCode(ctx.trx, ctx.club.clientId, input.id)),
  update: ordersWrite.input(ZDiscountCodeUpdateRequest).output(ZSaveResponse).mutation(({ ctx, input }) => saveDiscountCode(ctx.trx, ctx.club.clientId, input)),
  delete: ordersDelete.input(byId).output(ZSuccessResponse).mutation(({ ctx, input }) => deleteDiscountCode(ctx.trx, ctx.club.clientId, input.id)),
});
