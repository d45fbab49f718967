// `npm test -- --changed`: which integration and browser test files touch the domains a developer
// changed since main (committed on the branch, staged, unstaged or untracked). A change outside the
// domains' own folders (the ladder, the database layer, the web shell, configs) selects everything.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const git = (args) => {
  const r = spawnSync('git', args, { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.split('\n').filter(Boolean) : [];
};

/** Files changed against the merge base with main, plus what is not committed yet. */
export function changedFiles(base = process.env.KLUBHUS_BASE ?? 'main') {
  const mergeBase = git(['merge-base', 'HEAD', base])[0];
  const files = new Set([
    ...(mergeBase ? git(['diff', '--name-only', mergeBase]) : []),
    ...git(['diff', '--name-only', 'HEAD']),
    ...git(['ls-files', '--others', '--exclude-standard']),
  ]);
  return [...files];
}

// Where a domain's own code lives: the segment captured is the domain's name there.
const DOMAIN_PLACES = [
  /^packages\/api\/src\/([^/]+)\//,
  /^packages\/domain\/src\/([^/.]+)\.ts$/,
  /^packages\/db\/src\/(?:schema|fixtures|seed)\/([^/.]+)\.ts$/,
  /^apps\/server\/src\/rest\/([^/.]+)\.ts$/,
  /^apps\/web\/src\/features\/([^/]+)\//,
];
// Shared files inside those folders that every domain uses: a change there selects everything.
const SHARED_NAMES = new Set(['index', 'lib', 'route', 'multipart', 'messages', 'validation', 'responses', 'list', 'money', 'modules']);
// One domain, several names across the layers (db groups CRM and the catalogue in one schema file each).
const ALIASES = {
  crm: ['companies', 'contacts', 'comments', 'files', 'extraInfo', 'attachments'],
  catalogue: ['products', 'orders-reference', 'discounts'],
  'orders-reference': ['catalogue'],
  products: ['catalogue'],
  companies: ['crm'],
  contacts: ['crm'],
  comments: ['crm'],
  files: ['crm', 'attachments'],
  attachments: ['files', 'crm'],
};
const TEST_FILE = /(\.test\.ts|\.spec\.ts)$/;
// Run on any domain change: the cross-club sweep and the house rules cover every domain.
const ALWAYS = new Set(['apps/server/test/cross-club.test.ts', 'packages/api/test/house.test.ts']);

function listFiles(dir, pattern) {
  try {
    return readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && pattern.test(e.name))
      .map((e) => join(e.parentPath ?? e.path, e.name));
  } catch {
    return [];
  }
}

/**
 * The selection for a list of changed files: `all` when a shared file changed, else the integration
 * and browser test files whose path or text names one of the changed domains, plus changed test files.
 */
export function selectTests(files) {
  const domains = new Set();
  const tests = new Set();
  const shared = [];
  for (const file of files) {
    if (TEST_FILE.test(file)) {
      tests.add(file);
      continue;
    }
    if (/\.(md|txt)$/.test(file)) continue;
    const name = DOMAIN_PLACES.map((re) => re.exec(file)?.[1]).find(Boolean);
    if (!name || SHARED_NAMES.has(name)) shared.push(file);
    else domains.add(name);
  }
  if (shared.length) return { all: true, reason: `shared code changed (${shared.slice(0, 3).join(', ')}${shared.length > 3 ? ', …' : ''})` };
  const names = new Set([...domains].flatMap((d) => [d, ...(ALIASES[d] ?? [])]));
  const touches = (file) => {
    const text = `${file}\n${readFileSync(file, 'utf8')}`;
    return [...names].some((n) => new RegExp(`\\b${n.replace('-', '\\-')}\\b`).test(text));
  };
  const integrationFiles = ['packages/db/test', 'packages/api/test', 'apps/server/test'].flatMap((d) => listFiles(d, /\.test\.ts$/));
  const e2eFiles = listFiles('apps/web/e2e', /\.spec\.ts$/);
  const pick = (candidates) => candidates.filter((f) => tests.has(f) || (names.size > 0 && (ALWAYS.has(f) || touches(f))));
  return {
    all: false,
    domains: [...domains],
    integration: pick(integrationFiles),
    e2e: pick(e2eFiles),
  };
}
