import { describe, expect, it } from 'vitest';
import { databaseConfigFromEnv } from '../src/env';

describe('databaseConfigFromEnv', () => {
  it('takes the pool size of a PostgreSQL server from DATABASE_POOL_SIZE, and leaves the default without it', () => {
    expect(databaseConfigFromEnv({ DATABASE_URL: 'postgres://x/y', DATABASE_POOL_SIZE: '4' })).toEqual({ databaseUrl: 'postgres://x/y', poolSize: 4 });
    expect(databaseConfigFromEnv({ DATABASE_URL: 'postgres://x/y' })).toEqual({ databaseUrl: 'postgres://x/y' });
    expect(databaseConfigFromEnv({ DATABASE_URL: 'postgres://x/y', DATABASE_POOL_SIZE: '' })).toEqual({ databaseUrl: 'postgres://x/y' });
  });

  it('refuses a pool size that is not a whole number of connections', () => {
    for (const bad of ['0', '-3', '2.5', 'ti', '10000', ' 4']) {
      expect(() => databaseConfigFromEnv({ DATABASE_URL: 'postgres://x/y', DATABASE_POOL_SIZE: bad }), bad).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});
