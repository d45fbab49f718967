export { consumeDiscountCode, findDiscountCode } from './discountcodes';
export { loadProduct, saveProduct } from './products';
