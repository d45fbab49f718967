import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Global } from '@emotion/react';
import react from '@vitejs/plugin-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { defineConfig, type Plugin } from 'vite';
import { SHELL_CSS, SHELL_EVENT_PARTS, SHELL_PAGES } from './src/app/shell';
import { system } from './src/ui/theme';

const server = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text asset
 * of the build that compression makes smaller; the server sends them to browsers that accept them
 * (@fastify/static preCompressed), so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'klubhus-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/.test(file)) continue;
        const raw = readFileSync(file);
        if (raw.length < 512) continue;
        const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/** The public pages whose initial JavaScript is weighed, with their budgets in kB gzip (storefront: issue 14; the e-sign page, its PDF viewer loaded after it: issue 17). */
const WEIGHED = {
  '/': ['features/storefront/HomePage.tsx', 200],
  '/events/:url': ['features/public-events/EventPage.tsx', 200],
  '/contracts/:id/esign': ['features/contracts/esign/ContractSignPage.tsx', 250],
} as const;

/**
 * Weighs the JavaScript a visitor downloads before a storefront page shows: the entry chunk and the
 * page's own chunk with everything they import statically (what the browser fetches up front), gzip
 * level 9 as served. Printed by the build, kept in dist/weight.json for the bench.
 */
function storefrontWeight(): Plugin {
  let outDir = 'dist';
  return {
    name: 'klubhus-storefront-weight',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: string[], seen = new Set<string>()) => {
        for (const f of start) {
          if (seen.has(f)) continue;
          seen.add(f);
          closure(byName.get(f)?.imports ?? [], seen);
        }
        return seen;
      };
      const entry = chunks.filter((c) => c.isEntry || isAppChunk(c)).map((c) => c.fileName);
      const out: Record<string, { files: number; gzipKb: number; budgetKb: number; withinBudget: boolean }> = {};
      for (const [route, [module, budgetKb]] of Object.entries(WEIGHED)) {
        const page = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(module));
        const files = closure([...entry, ...(page ? [page.fileName] : [])]);
        const bytes = [...files].reduce((s, f) => s + gzipSync(byName.get(f)?.code ?? '', { level: 9 }).length, 0);
        const gzipKb = Math.round(bytes / 102.4) / 10;
        out[route] = { files: files.size, gzipKb, budgetKb, withinBudget: gzipKb <= budgetKb };
        // WEIGHT_DETAIL=1 lists what the weight is made of, heaviest first.
        if (process.env.WEIGHT_DETAIL) {
          const sizes = [...files].map((f) => [f, gzipSync(byName.get(f)?.code ?? '', { level: 9 }).length] as const).sort((a, b) => b[1] - a[1]);
          for (const [f, n] of sizes) console.log(`  ${route} ${(n / 1024).toFixed(1)} kB ${f}`);
        }
      }
      this.emitFile({ type: 'asset', fileName: 'weight.json', source: JSON.stringify(out, null, 2) });
      for (const [route, w] of Object.entries(out)) {
        console.log(`initial JS ${route}: ${w.gzipKb} kB gzip in ${w.files} files (budget ${w.budgetKb} kB: ${w.withinBudget ? 'met' : 'NOT met'})`);
      }
      void outDir;
    },
  };
}

/** dist/shell.json: the first screens the server paints for visitors before the app loads (src/app/shell.ts). */
function firstScreens(): Plugin {
  return {
    name: 'klubhus-first-screens',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'shell.json', source: JSON.stringify({ css: SHELL_CSS, pages: SHELL_PAGES, events: SHELL_EVENT_PARTS }) });
    },
  };
}

/**
 * Chakra's global CSS (its reset, our global styles and the theme's 600-odd CSS variables, light and
 * dark) is the same for every visitor and every release of the same theme, yet Chakra's createSystem
 * built it at every start (about a third of the app's start-up on a phone). The build makes it once,
 * here (Emotion's own server rendering of what ChakraProvider renders: the same CSS text), and puts it in
 * index.html as <style id="chakra-global">; createSystem's `_global` becomes a lazy getter, and
 * ui/theme.ts empties it when that style is in the page, so it is never computed in the browser.
 */
const CHAKRA_SYSTEM = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER_GLOBAL = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
function chakraGlobalCss(): Plugin {
  return {
    name: 'klubhus-chakra-global-css',
    apply: 'build',
    transform(code, id) {
      if (!CHAKRA_SYSTEM.test(id)) return null;
      // A Chakra release that builds its global CSS differently must be looked at, not silently skipped.
      if (!code.includes(EAGER_GLOBAL) || !/\n\s+_global,\n/.test(code)) this.error(`${id}: createSystem no longer builds _global as this plugin expects`);
      return code
        .replace(EAGER_GLOBAL, 'let _global = null;')
        .replace(/\n(\s+)_global,\n/, '\n$1get _global() { return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]; },\n$1set _global(value) { _global = value; },\n');
    },
    transformIndexHtml: {
      order: 'pre',
      handler() {
        const markup = renderToStaticMarkup(createElement(Global, { styles: system._global }));
        // The cascade layers' order first, as ChakraProvider's first Global states it.
        const css = system.layers.atRule + markup.replace(/^<style[^>]*>/, '').replace(/<\/style>$/, '');
        if (!css.includes('--chakra-colors-brand-solid')) throw new Error('the global CSS of the theme came out without its tokens');
        return [{ tag: 'style', attrs: { id: 'chakra-global' }, children: css, injectTo: 'head-prepend' }];
      },
    },
  };
}

/** Whether a chunk is the app (src/main.tsx), which start.ts imports once the first screen is painted. */
const isAppChunk = (c: { facadeModuleId?: string | null }) => !!c.facadeModuleId?.replaceAll('\\', '/').endsWith('src/main.tsx');

/**
 * The app's chunk and everything it imports statically, preloaded from index.html: boot.ts imports the
 * app a frame later, but its download starts with the page's, as when it was a script of its own.
 */
function preloadApp(): Plugin {
  return {
    name: 'klubhus-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const app = chunks.filter(isAppChunk);
        if (!app.length) return html;
        const files = new Set<string>();
        const add = (f: string) => {
          if (files.has(f)) return;
          files.add(f);
          for (const i of byName.get(f)?.imports ?? []) add(i);
        };
        for (const c of app) add(c.fileName);
        const present = new Set([...html.matchAll(/(?:href|src)="\/([^"]+)"/g)].map((m) => m[1]));
        const links = [...files].filter((f) => !present.has(f)).map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const }));
        return { html, tags: links };
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), chakraGlobalCss(), firstScreens(), preloadApp(), precompress(), storefrontWeight()],
  server: {
    port: 5173,
    proxy: { '/api': server, '/trpc': server, '/logout': server, '/public': server },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Chakra's theme module builds its full default config (all 77 recipes) at load; nothing of ours
      // reads it (ui/theme.ts takes the recipes it needs one by one), so the call may go.
      treeshake: { manualPureFunctions: ['defineConfig', 'defineRecipe', 'defineSlotRecipe'] },
      output: {
        // Libraries every screen needs at start get chunks of their own: they download in parallel with
        // the app's code and stay cached across releases that change only the app. Chakra, Ark and Zag
        // stay split by use (a storefront visitor never loads the back office's components).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 20 },
            { name: 'query', test: /node_modules[\\/](@tanstack|@trpc)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
