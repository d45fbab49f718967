import { firstIssueMessage } from '@klubhus/domain';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { ZodError } from 'zod';
import type { TestApp } from '../helpers';

/** The text a person would read for a refused call: the first validation message, or the error's own (as the tRPC error formatter and REST envelope give it). */
export function danishMessage(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof ZodError) return firstIssueMessage(cause);
  return (error as Error).message;
}

/** Every row of each table (all clubs), by table, read as owner; ordered by id or by the row's text. */
export async function rowsOf(t: TestApp, tables: readonly string[], orderBy: 'id' | 'text' = 'text') {
  const out: Record<string, unknown> = {};
  for (const table of tables) out[table] = (await sql`SELECT * FROM ${sql.table(table)} AS r ORDER BY ${orderBy === 'id' ? sql`id` : sql`r::text`}`.execute(t.database.owner)).rows;
  return out;
}

/** Expects the call to be refused with exactly this Danish message, and `snapshot` (the tables it may not change) the same after it as before. */
export async function expectRefused(fn: () => Promise<unknown>, message: string, snapshot: () => Promise<string>) {
  const before = await snapshot();
  let error: unknown;
  try {
    await fn();
  } catch (e) {
    error = e;
  }
  expect(error, `expected refusal "${message}"`).toBeInstanceOf(Error);
  expect(danishMessage(error)).toBe(message);
  expect(await snapshot()).toBe(before);
}
