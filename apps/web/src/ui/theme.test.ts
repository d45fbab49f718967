import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { defaultConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { themeConfig } from './theme';

/** Components whose recipe goes by another name than their own. */
const RECIPE_OF: Record<string, string> = { IconButton: 'button', CloseButton: 'button', SkeletonText: 'skeleton', SkeletonCircle: 'skeleton', InputGroup: 'inputAddon', Toaster: 'toast' };

function chakraImports(dir: string, out = new Set<string>()): Set<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) chakraImports(path, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts')) {
      for (const m of readFileSync(path, 'utf8').matchAll(/import\s*(?:type\s*)?\{([^}]+)\}\s*from\s*'@chakra-ui\/react'/g)) {
        for (const n of m[1].split(',')) out.add(n.trim().replace(/^type /, '').split(' as ')[0]);
      }
    }
  }
  return out;
}

describe('the theme carries only the recipes the app uses', () => {
  const all = { ...defaultConfig.theme?.recipes, ...defaultConfig.theme?.slotRecipes };
  const ours = { ...themeConfig.theme?.recipes, ...themeConfig.theme?.slotRecipes };
  const used = [...chakraImports(join(import.meta.dirname, '..'))].filter(Boolean);

  it('every Chakra component the app imports finds its recipe (else it renders unstyled)', () => {
    const needed = used.map((c) => RECIPE_OF[c] ?? c.charAt(0).toLowerCase() + c.slice(1)).filter((key) => key in all);
    expect(needed.length).toBeGreaterThan(15);
    expect(needed.filter((key) => !(key in ours))).toEqual([]);
  });

  it('and not the others', () => {
    expect(Object.keys(ours).length).toBeLessThan(Object.keys(all).length / 2);
  });
});
