import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';

/**
 * Every migration, in order. A domain adds its file beside this one and one
 * line here; names sort by their number prefix.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};
