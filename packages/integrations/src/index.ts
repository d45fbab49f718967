export * from './cvr/index';
export * from './storage/index';
