export { productCategoriesRouter } from './categories';
export { consumeDiscountCode, discountCodesRouter, findDiscountCode } from './discountcodes';
export { customFieldsRouter } from './fields';
export { invoiceGroupsRouter } from './invoicegroups';
export { orderCategoriesRouter } from './ordercategories';
export { loadProduct, productsRouter, saveProduct } from './products';
export { seasonsRouter } from './seasons';
