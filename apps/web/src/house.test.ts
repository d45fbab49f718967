import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The web app's import direction: app/ is the composition root (providers, the route table, layouts);
// features, ui and lib are composed by it and never reach back into it.
const src = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/(?:from|import\(?)\s*'([^']+)'/g)].map((m) => m[1]);

describe('web house', () => {
  it('features, ui and lib never import from app/', () => {
    const offenders: string[] = [];
    for (const layer of ['features', 'ui', 'lib']) {
      for (const file of sourceFiles(join(src, layer))) {
        for (const spec of importsOf(file)) {
          if (!spec.startsWith('.')) continue;
          const target = relative(src, join(file, '..', spec));
          if (target === 'app' || target.startsWith('app/')) offenders.push(`${relative(src, file)} → ${spec}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('ui and lib never import a feature', () => {
    const offenders: string[] = [];
    for (const layer of ['ui', 'lib']) {
      for (const file of sourceFiles(join(src, layer))) {
        for (const spec of importsOf(file)) {
          if (spec.startsWith('.') && relative(src, join(file, '..', spec)).startsWith('features/')) offenders.push(`${relative(src, file)} → ${spec}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('sends nothing to the REST adapters under /api/ (they are for third parties; the web app calls tRPC)', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(src)) {
      if (/\.test\.tsx?$/.test(file)) continue;
      const text = readFileSync(file, 'utf8');
      // A URL in a string or template literal (fetch, a form's action, location.assign, a link's href).
      for (const m of text.matchAll(/['"`]\/api(?:\/|['"`?$])/g)) {
        const line = text.slice(0, m.index).split('\n').length;
        offenders.push(`${relative(src, file)}:${line}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('prints dates, times and numbers only through ui/format.ts (money: formatDKK from @klubhus/domain)', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(src)) {
      if (/\.test\.tsx?$/.test(file) || relative(src, file) === join('ui', 'format.ts')) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bIntl\.|\.toLocale(?:Date|Time)?String\(/g)) {
        offenders.push(`${relative(src, file)}:${text.slice(0, m.index).split('\n').length}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
