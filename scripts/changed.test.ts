import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the test runner, without types
import { selectTests } from './changed.mjs';

describe('npm test --changed', () => {
  it('selects the test files of a changed domain, across its names in each layer, plus the sweep', () => {
    const s = selectTests(['apps/web/src/features/companies/CompanyEditPage.tsx']);
    expect(s.all).toBe(false);
    expect(s.integration).toContain('apps/server/test/crm/companies.test.ts');
    expect(s.integration).toContain('apps/server/test/cross-club.test.ts');
    expect(s.integration).not.toContain('apps/server/test/catalogue/products.test.ts');
    expect(s.e2e).toContain('apps/web/e2e/companies.spec.ts');
    expect(s.e2e).not.toContain('apps/web/e2e/products.spec.ts');
  });

  it('maps the catalogue across its layers (api catalogue, web products and orders-reference)', () => {
    const s = selectTests(['packages/api/src/catalogue/products.ts']);
    expect(s.integration).toContain('apps/server/test/catalogue/products.test.ts');
    expect(s.e2e).toEqual(expect.arrayContaining(['apps/web/e2e/products.spec.ts', 'apps/web/e2e/orders-reference.spec.ts']));
    expect(s.e2e).not.toContain('apps/web/e2e/contacts.spec.ts');
  });

  it('runs everything when shared code changes, and a changed test file itself', () => {
    expect(selectTests(['packages/api/src/trpc.ts']).all).toBe(true);
    expect(selectTests(['apps/web/src/ui/DataTable.tsx']).all).toBe(true);
    const onlyTest = selectTests(['apps/web/e2e/shell.spec.ts']);
    expect(onlyTest.e2e).toEqual(['apps/web/e2e/shell.spec.ts']);
    expect(onlyTest.integration).toEqual([]);
    expect(selectTests(['README.md'])).toMatchObject({ all: false, integration: [], e2e: [] });
  });
});
