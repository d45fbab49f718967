import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRouter } from '../src/router';
import { parsesSynchronously } from '../src/trpc';

/** The house rules of packages/api/README.md, checked so a new domain cannot quietly skip them. */
describe('the server house', () => {
  const procedures = Object.entries(appRouter._def.procedures) as unknown as [string, { _def: { inputs: unknown[]; output?: unknown } }][];

  it('every procedure declares its input and its output', () => {
    expect(procedures.length).toBeGreaterThan(80);
    expect(procedures.filter(([, p]) => p._def.inputs.length === 0).map(([path]) => path)).toEqual([]);
    expect(procedures.filter(([, p]) => !p._def.output).map(([path]) => path)).toEqual([]);
  });

  it("every procedure's schemas parse synchronously (built on trpc.ts's procedure, not t.procedure)", () => {
    expect(procedures.filter(([, p]) => !p._def.inputs.every(parsesSynchronously) || !parsesSynchronously(p._def.output)).map(([path]) => path)).toEqual([]);
  });

  it('no router file holds SQL', () => {
    const src = join(__dirname, '../src');
    const routers = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => /(^|\/)router\.ts$/.test(f));
    expect(routers.length).toBeGreaterThan(8);
    const withSql = routers.filter((f) => /\b(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`|from 'kysely'/.test(readFileSync(join(src, f), 'utf8')));
    expect(withSql).toEqual([]);
  });
});
