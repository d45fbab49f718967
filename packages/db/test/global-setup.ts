import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../src/connect';
import { adminQuery, withDatabase } from '../src/testing';

/** Migrates once; every test file then copies the result (see openTestDatabase). */
export default async function setup() {
  // Both integration projects name this setup: the second finds the template made.
  if (process.env.KLUBHUS_TEST_TEMPLATE) return;
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `klubhus_tpl_${randomBytes(4).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${template}`);
    const handle = await openDatabase({ databaseUrl: withDatabase(url, template) });
    await handle.close();
    process.env.KLUBHUS_TEST_TEMPLATE = template;
    return async () => {
      await adminQuery(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'klubhus-test-'));
  const handle = await openDatabase({ dataDir: 'memory://' });
  const dump = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.KLUBHUS_TEST_TEMPLATE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
