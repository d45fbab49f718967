export * from './cvr/index';
export * from './storage/index';
export * from './seatsio/index';
export * from './payments/index';
export * from './economic/index';
export * from './pdf/index';
