export * from './auth';
export * from './catalogue';
export * from './discounts';
export * from './list';
export * from './messages';
export * from './modules';
export * from './money';
export * from './validation';
