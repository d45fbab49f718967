export * from './auth';
export * from './list';
export * from './messages';
export * from './modules';
export * from './validation';
