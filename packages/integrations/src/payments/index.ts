export * from './onpay';
export * from './stripe';
export * from './test';
export * from './types';
