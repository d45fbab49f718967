/** The product editor lives in ./edit (one file a section); routes.ts imports it from here. */
export { default } from './edit/ProductEditPage';
