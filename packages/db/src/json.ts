import type { ColumnType } from 'kysely';

/**
 * A jsonb column: read as T, written as a JSON string (pg would turn JS arrays
 * into PG arrays). Optional on insert: every jsonb column has a default.
 */
export type Json<T> = ColumnType<T, string | undefined, string>;
/** Serialise a value for a jsonb column. */
export const json = (value: unknown): string => JSON.stringify(value ?? null);
