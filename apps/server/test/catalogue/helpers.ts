import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { callerAt, type TestApp } from '../helpers';
import { danishMessage, expectRefused, rowsOf } from '../support/refusals';

export { danishMessage };

const dataDir = mkdtempSync(join(tmpdir(), 'klubhus-catalogue-'));

/** A tRPC caller for a demo user with the given club as the session's club. */
export const callerFor = (t: TestApp, email: string, clubName = 'Demo IF') => callerAt(t, email, clubName, dataDir);
export type CatalogueCaller = Awaited<ReturnType<typeof callerFor>>;

export const CATALOGUE_TABLES = [
  'products',
  'product_variants',
  'product_options',
  'product_categories',
  'invoice_groups',
  'order_categories',
  'seasons',
  'custom_fields',
  'custom_field_categories',
  'discount_codes',
  'discount_code_products',
] as const;

/** Every catalogue row of every club, as text: equal before and after means nothing changed. */
export async function catalogueSnapshot(t: TestApp): Promise<string> {
  return JSON.stringify(await rowsOf(t, CATALOGUE_TABLES, 'id'));
}

/** Expects the call to be refused with exactly this Danish message, and that no catalogue row changed. */
export const refused = (t: TestApp, fn: () => Promise<unknown>, message: string) => expectRefused(fn, message, () => catalogueSnapshot(t));

/** Same for a REST call: {success: false, error: message} and nothing changed. */
export async function restRefused(t: TestApp, send: () => Promise<{ statusCode: number; json(): any }>, message: string, status = 400) {
  const before = await catalogueSnapshot(t);
  const res = await send();
  expect(res.json()).toMatchObject({ success: false, error: message });
  expect(res.statusCode).toBe(status);
  expect(await catalogueSnapshot(t)).toBe(before);
}
