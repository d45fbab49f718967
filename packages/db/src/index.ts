export * from './connect';
export * from './json';
export * from './migrate';
export * from './schema';
export * from './tenancy';
export { APP_ROLE } from './migrations/helpers';
export * from './env';
export * from './password';
export * from './seed/demo';
