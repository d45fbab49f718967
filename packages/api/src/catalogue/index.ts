export { consumeDiscountCode, findDiscountCode } from './discountcodes';
export { loadProduct, saveProduct } from './products';
export {
  customFieldsRouter,
  discountCodesRouter,
  invoiceGroupsRouter,
  orderCategoriesRouter,
  productCategoriesRouter,
  productsRouter,
  seasonsRouter,
} from './router';
