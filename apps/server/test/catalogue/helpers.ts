import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstIssueMessage } from '@klubhus/domain';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { ZodError } from 'zod';
import { callerAt, type TestApp } from '../helpers';

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

/** The text a person would read for a refused call: the first validation message, or the error's own (as the tRPC error formatter and REST envelope give it). */
export function danishMessage(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof ZodError) return firstIssueMessage(cause);
  return (error as Error).message;
}

/** Every catalogue row of every club, as text: equal before and after means nothing changed. */
export async function catalogueSnapshot(t: TestApp): Promise<string> {
  const out: Record<string, unknown> = {};
  for (const table of CATALOGUE_TABLES) {
    out[table] = (await sql`SELECT * FROM ${sql.table(table)} ORDER BY id`.execute(t.database.owner)).rows;
  }
  return JSON.stringify(out);
}

/** Expects the call to be refused with exactly this Danish message, and that no catalogue row changed. */
export async function refused(t: TestApp, fn: () => Promise<unknown>, message: string) {
  const before = await catalogueSnapshot(t);
  let error: unknown;
  try {
    await fn();
  } catch (e) {
    error = e;
  }
  expect(error, `expected refusal "${message}"`).toBeInstanceOf(Error);
  expect(danishMessage(error)).toBe(message);
  expect(await catalogueSnapshot(t)).toBe(before);
}

/** Same for a REST call: {success: false, error: message} and nothing changed. */
export async function restRefused(t: TestApp, send: () => Promise<{ statusCode: number; json(): any }>, message: string, status = 400) {
  const before = await catalogueSnapshot(t);
  const res = await send();
  expect(res.json()).toMatchObject({ success: false, error: message });
  expect(res.statusCode).toBe(status);
  expect(await catalogueSnapshot(t)).toBe(before);
}
