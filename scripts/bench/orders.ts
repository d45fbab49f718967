/**
 * npm run bench -- orders: issue 13's figures.
 *   - The order list of a club with 100,000 orders through tRPC at 64 connections: page 1 (10 rows,
 *     Number desc) and searches (a common surname, a company, an e-mail, an order number); p95 against
 *     the goal of < 50 ms; then the same four kinds of search with a different term on every request
 *     (searchTerms: names, name prefixes, full names, trades, addresses, numbers — what staff type), so
 *     the figures are not those of one repeated term. Then the plans of the page and the count of a search (EXPLAIN ANALYZE as
 *     the app role in a club transaction, RLS on): which indexes they use.
 *   - 500 order creations at once in one club through tRPC (POST /trpc/orders.update, all sent
 *     together): no 5xx, and the 500 new numbers unique and without gaps.
 * Seeds the club once (reused when present). Meant for PostgreSQL (DATABASE_URL); the embedded
 * database runs one transaction at a time.
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSession } from '@klubhus/api';
import { listStatement } from '@klubhus/api/orders/service';
import { type DatabaseHandle, DEMO_MODULES, json, seedDemo, setScope, withClub } from '@klubhus/db';
import { ORDER_SEARCH_COUNT_CAP, ZOrderListRequest } from '@klubhus/domain';
import { CompiledQuery, sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app';
import { percentile } from './load';

const CLUB = 'Bench Ordreklub';
const ORDERS = 100_000;
const CREATIONS = 500;
const GOAL_P95 = 50;
const FIRSTNAMES = ['Anne', 'Bo', 'Camilla', 'Dorthe', 'Emil', 'Frederik', 'Gitte', 'Hans', 'Ida', 'Jakob', 'Karen', 'Lars', 'Mette', 'Niels', 'Ole', 'Pia', 'Rasmus', 'Signe', 'Torben', 'Ulla'];
const SURNAMES = ['Jensen', 'Nielsen', 'Hansen', 'Pedersen', 'Andersen', 'Christensen', 'Larsen', 'Sørensen', 'Rasmussen', 'Jørgensen', 'Petersen', 'Madsen', 'Kristensen', 'Olsen', 'Thomsen', 'Christiansen', 'Poulsen', 'Johansen', 'Møller', 'Mortensen'];
const TRADES = ['Bager', 'Smed', 'Auto', 'Byg', 'Data', 'Foto', 'Gartner', 'Hotel', 'Isenkram', 'Kaffe', 'Lager', 'Maler', 'Revision', 'Sport', 'Tømrer', 'VVS'];

/**
 * Distinct search terms of one kind, as staff would type them (the first is the bench's own term): a
 * load run that rotates through these measures searches as they come, not one repeated term.
 */
export function searchTerms(kind: 'surname' | 'company' | 'email' | 'number'): string[] {
  const lower = (xs: string[]) => xs.map((x) => x.toLowerCase());
  const spread = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i));
  switch (kind) {
    case 'surname': // every surname and first name, whole and as a prefix of 4 or 5 letters, and names in full
      return [...new Set(['jensen', ...lower(SURNAMES), ...lower(FIRSTNAMES).filter((x) => x.length >= 3), ...lower(SURNAMES).flatMap((x) => [x.slice(0, 4), x.slice(0, 5)]), ...spread(40, (i) => `${FIRSTNAMES[(i * 11) % 20]} ${SURNAMES[(i * 13) % 20]}`.toLowerCase())])];
    case 'company': // trades, whole and as a prefix, and a trade with a surname
      return [...new Set(['bager', ...lower(TRADES), ...lower(TRADES).map((x) => x.slice(0, 3)), ...spread(60, (i) => `${TRADES[i % TRADES.length]} ${SURNAMES[(i * 7) % SURNAMES.length]}`.toLowerCase())])];
    case 'email': // a customer's address up to the '@', or whole
      return ['kunde4711@', ...spread(199, (i) => (i % 2 ? `kunde${(i * 7919) % ORDERS}@` : `kunde${(i * 7919) % ORDERS}@${['gmail.com', 'mail.dk', 'firma.dk'][((i * 7919) % ORDERS) % 3]}`))];
    case 'number':
      return ['99123', ...spread(199, (i) => String(1 + ((i * 48271) % ORDERS)))];
  }
}

export interface Measured {
  name: string;
  p50: number;
  p95: number;
  rps: number;
  errors: number;
}
type Measure = (name: string, url: string, counter: (() => number) | null, requests: { method: string; path: string; paths?: string[]; body?: string; cookies?: string[] }) => Promise<Measured>;

/** Orders seeded per transaction (see seedOrdersClub). */
const SEED_BATCH = 5_000;

/**
 * The bench club: a staff user, the orders module, 500 companies, 1,000 contacts and 100,000 orders
 * numbered 1…100,000. The orders go in SEED_BATCH at a time, each batch its own transaction with the
 * club's last number, and the tables the triggers write are analyzed after each batch: the triggers'
 * plans are kept for the session, and those made from the empty tables of the first batch grew
 * slower with every order (5,000 orders took 7 s at first and 50 s at 80,000). One statement of
 * 100,000 orders took 1,664 s, batches without ANALYZE 1,044 s, with it 223 s. A seed cut short goes
 * on from the last batch committed.
 */
export async function seedOrdersClub(database: DatabaseHandle, log: (...args: unknown[]) => void) {
  const owner = database.owner;
  const existing = await owner.selectFrom('clients').select('id').where('name', '=', CLUB).executeTakeFirst();
  const club = existing
    ? { clubId: existing.id, userId: (await owner.selectFrom('users').select('id').where('email', '=', `bench-orders-${existing.id}@bench.dk`).executeTakeFirstOrThrow()).id }
    : await seedClub(database);
  const counter = await owner.selectFrom('order_counters').select('last_number').where('client_id', '=', club.clubId).executeTakeFirst();
  const seededUpTo = counter?.last_number ?? 0;
  if (seededUpTo >= ORDERS) {
    await removeCreations(database, club.clubId, log);
    return club;
  }
  const t0 = Date.now();
  for (let from = seededUpTo + 1; from <= ORDERS; from += SEED_BATCH) {
    const to = Math.min(from + SEED_BATCH - 1, ORDERS);
    await owner.transaction().execute(async (trx) => {
      await setScope(trx, club.clubId, null);
      await sql`WITH co AS (SELECT array_agg(id ORDER BY id) AS ids FROM companies WHERE client_id = ${club.clubId}),
             ct AS (SELECT array_agg(id ORDER BY id) AS ids FROM contacts WHERE client_id = ${club.clubId})
        INSERT INTO orders (client_id, order_number, status, payment_status, firstname, lastname, email, company_id, contact_id, subtotal, vat, total, created_at)
        SELECT ${club.clubId}, g,
          (ARRAY['draft', 'approved', 'approved', 'cancelled'])[1 + g % 4],
          (ARRAY['pending', 'paid', 'authorized', 'refunded', 'cancelled'])[1 + g % 5],
          (${sql.val(FIRSTNAMES)}::text[])[1 + (g * 11) % ${FIRSTNAMES.length}],
          (${sql.val(SURNAMES)}::text[])[1 + (g * 13) % ${SURNAMES.length}],
          'kunde' || g || '@' || (ARRAY['gmail.com', 'mail.dk', 'firma.dk'])[1 + g % 3],
          CASE WHEN g % 3 = 0 THEN NULL ELSE co.ids[1 + g % 500] END,
          CASE WHEN g % 2 = 0 THEN ct.ids[1 + g % 1000] ELSE NULL END,
          (g % 997) * 100, (g % 997) * 25, (g % 997) * 125,
          now() - (${ORDERS} - g) * interval '5 minutes'
        FROM generate_series(${from}::int, ${to}::int) g, co, ct`.execute(trx);
      // The insert's statement trigger (migration 0025) counted the orders; their numbers were given here.
      await trx.updateTable('order_counters').set({ last_number: to }).where('client_id', '=', club.clubId).execute();
      await setScope(trx, null, null);
    });
    // The statistics of the tables the triggers write, as autovacuum would keep them: the triggers'
    // plans (kept for the session) are made again from them, not from the empty tables of the first batch.
    await database.owner.executeQuery(CompiledQuery.raw(`ANALYZE ${SEARCH_TABLES.join(', ')}`));
  }
  await vacuumOrders(database);
  log(`Seeded ${CLUB}: orders ${(seededUpTo + 1).toLocaleString('da-DK')}–${ORDERS.toLocaleString('da-DK')} of ${ORDERS.toLocaleString('da-DK')}, 500 companies, 1.000 contacts in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
  return club;
}

/** The club, its staff user, its modules, companies and contacts: everything but the orders. */
async function seedClub(database: DatabaseHandle) {
  return database.owner.transaction().execute(async (trx) => {
    const club = await trx.insertInto('clients').values({ name: CLUB, roles: json([{ name: 'Medarbejder', alias: 'staff' }]) }).returning('id').executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('users')
      .values({ email: `bench-orders-${club.id}@bench.dk`, firstname: 'Bench', lastname: 'Ordrer', email_confirmed: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setScope(trx, club.id, null);
    await trx.insertInto('client_users').values({ client_id: club.id, user_id: user.id, role: 'staff' }).execute();
    for (const alias of ['orders', 'companies', 'contacts'] as const) {
      const mod = await trx.selectFrom('modules').select('id').where('alias', '=', alias).executeTakeFirstOrThrow();
      const features = (DEMO_MODULES.find((m) => m.alias === alias)?.features ?? []).map((f) => ({ alias: f.alias, active: false, settings: {} }));
      await trx
        .insertInto('client_modules')
        .values({ client_id: club.id, module_id: mod.id, active: true, features: json(features), role_acls: json([{ ruleId: 'Fuld adgang', role: 'staff' }]) })
        .execute();
    }
    await sql`INSERT INTO companies (client_id, name, status)
      SELECT ${club.id}, (${sql.val(TRADES)}::text[])[1 + g % ${TRADES.length}] || ' ' || (${sql.val(SURNAMES)}::text[])[1 + (g * 7) % ${SURNAMES.length}] || ' ' || g || ' ApS', 1
      FROM generate_series(1, 500) g`.execute(trx);
    await sql`INSERT INTO contacts (client_id, firstname, lastname, email)
      SELECT ${club.id}, (${sql.val(FIRSTNAMES)}::text[])[1 + g % ${FIRSTNAMES.length}], (${sql.val(SURNAMES)}::text[])[1 + (g * 3) % ${SURNAMES.length}], 'kontakt' || g || '@bench.dk'
      FROM generate_series(1, 1000) g`.execute(trx);
    await setScope(trx, null, null);
    return { clubId: club.id, userId: user.id };
  });
}

/** The orders and what their triggers keep for the list and its search. */
const SEARCH_TABLES = ['orders', 'order_search', 'order_search_words', 'order_search_word_counts', 'order_search_pairs', 'order_list_blocks'];

/** Vacuums and analyzes what the list reads, as autovacuum would (the bench's server runs without it). */
async function vacuumOrders(database: DatabaseHandle) {
  // Words and pairs (migration 0022) are read index-only, as are the blocks of numbers (0024) on a far page: the visibility map set.
  for (const table of ['companies', 'contacts', ...SEARCH_TABLES]) {
    await database.owner.executeQuery(CompiledQuery.raw(`VACUUM ANALYZE ${table}`));
  }
}

/**
 * Takes away the orders earlier runs created (the 500 concurrent creations, numbered past 100,000), so
 * every run measures the club as seeded: else each run's creations pile up as the newest orders, and
 * a search that walks the numbers from the newest reads past all of them (500 more rows a run).
 */
async function removeCreations(database: DatabaseHandle, clubId: number, log: (...args: unknown[]) => void) {
  const removed = await database.owner.transaction().execute(async (trx) => {
    await setScope(trx, clubId, null);
    const gone = await trx.deleteFrom('orders').where('client_id', '=', clubId).where('order_number', '>', ORDERS).executeTakeFirst();
    await trx.updateTable('order_counters').set({ last_number: ORDERS }).where('client_id', '=', clubId).execute();
    await setScope(trx, null, null);
    return Number(gone.numDeletedRows);
  });
  if (!removed) return;
  await vacuumOrders(database);
  log(`Removed the ${removed.toLocaleString('da-DK')} orders earlier runs created: ${CLUB} has its ${ORDERS.toLocaleString('da-DK')} orders again.`);
}

/** A parameter as an SQL literal (EXECUTE of a prepared statement takes values, not placeholders). */
const literal = (v: unknown) => (v === null || v === undefined ? 'NULL' : typeof v === 'number' || typeof v === 'boolean' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

/**
 * The plans of one list input (page and count), as the app role in a club transaction: indexes used,
 * and the time. `generic`: the plan the app's named prepared statements settle on (PREPARE and
 * EXECUTE under plan_cache_mode = force_generic_plan), for the club given — the bench club and a small one.
 */
async function explainList(
  database: DatabaseHandle,
  club: { clubId: number; userId: number },
  label: string,
  input: object,
  log: (...args: unknown[]) => void,
  generic = false,
) {
  const parsed = ZOrderListRequest.parse(input);
  const plan = await withClub(database.db, { clientId: club.clubId, userId: club.userId }, async (trx) => {
    const q = listStatement(trx, club.clubId, parsed).compile();
    if (!generic) {
      const r = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS OFF) ${q.sql}`, [...q.parameters]));
      return r.rows.map((x) => x['QUERY PLAN']).join('\n');
    }
    // What PostgreSQL's default (auto) mode does with it: ten runs, then which plans it used.
    const values = q.parameters.map(literal).join(', ');
    await trx.executeQuery(CompiledQuery.raw(`PREPARE bench_list AS ${q.sql}`));
    for (let i = 0; i < 10; i++) await trx.executeQuery(CompiledQuery.raw(`EXECUTE bench_list(${values})`));
    const used = await trx.executeQuery<{ generic_plans: number; custom_plans: number }>(
      CompiledQuery.raw(`SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = 'bench_list'`),
    );
    await trx.executeQuery(CompiledQuery.raw('SET LOCAL plan_cache_mode = force_generic_plan'));
    const r = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS OFF) EXECUTE bench_list(${values})`));
    await trx.executeQuery(CompiledQuery.raw('DEALLOCATE bench_list'));
    const u = used.rows[0];
    return `${r.rows.map((x) => x['QUERY PLAN']).join('\n')}\nauto: ${u?.custom_plans} custom, ${u?.generic_plans} generic`;
  });
  const indexes = [...new Set([...plan.matchAll(/Index (?:Only )?Scan(?: Backward)? using (\w+)|Bitmap Index Scan on (\w+)/g)].map((m) => m[1] ?? m[2]))];
  const seq = [...new Set([...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]))];
  const time = plan.match(/Execution Time: ([\d.]+) ms/)?.[1];
  const auto = plan.match(/auto: (\d+) custom, (\d+) generic/);
  log(
    `  ${label}: ${time} ms; indexes ${indexes.join(' + ') || 'none'}${seq.length ? `; Seq Scan on ${seq.join(', ')}` : ''}${auto ? ` (auto mode, 10 runs: ${auto[1]} custom plans, ${auto[2]} generic)` : ''}`,
  );
  if (process.env.BENCH_PLANS) log(plan.replace(/^/gm, '      '));
}

/**
 * The statements inside order_search_page (migrations 0020 and 0022), run by plpgsql, whose plans are prepared
 * per connection — custom ones first, then the generic one when it costs no more. Each is prepared
 * here as the owner and explained both ways, for the bench club (100,000 orders) and a small club (the
 * demo club), so a generic plan that suits only one of them shows:
 *   - `counts`: a search of letters or digits: a word it begins in more than the cap orders (migration 0028);
 *   - `words`: the same when no count proves it: distinct orders with a word it begins, cap + 1 entries
 *     of order_search_words (index only) — "more than the cap" proven without the trigram index;
 *   - `email`: a search with an '@': the candidates by the run before it, rechecked — the count;
 *   - `fetch`: the matches through the trigram index, at most cap + 1 (1,001) of them — the count of
 *     the other searches (shown only for those);
 *   - `walk`: a common search's page 1, along order_search_number_idx in the page's order.
 */
export async function explainSearch(database: DatabaseHandle, clubs: { label: string; clubId: number }[], searches: string[], capped: Set<string>, log: (...args: unknown[]) => void) {
  // $5: the words' prefix (migration 0022): the search itself when it is only letters or digits, or
  // '@' and the reversed run before its '@' (null: the statement does not serve that search).
  const wordOf = (x: string) => (/^[\p{L}\p{N}]{3,}$/u.test(x) ? x.toLowerCase() : null);
  const atOf = (x: string) => {
    const run = x.toLowerCase().match(/^(?:.*[^\p{L}\p{N}])?([\p{L}\p{N}]{3,})@/u)?.[1];
    return run ? `@${[...run].reverse().join('')}` : null;
  };
  const statements: Record<string, { sql: string; limit: number; prefix: (x: string) => string | null; serves: (x: string) => boolean }> = {
    counts: {
      sql: `SELECT EXISTS (SELECT 1 FROM order_search_word_counts c WHERE c.client_id = $1 AND c.word >= $5 AND c.word < $5 || chr(1114111) AND c.orders > $4)`,
      limit: ORDER_SEARCH_COUNT_CAP,
      prefix: wordOf,
      serves: (x) => wordOf(x) !== null,
    },
    words: {
      sql: `SELECT count(DISTINCT w.order_id) FROM (SELECT w.order_id FROM order_search_words w WHERE w.client_id = $1 AND w.word >= $5 AND w.word < $5 || chr(1114111) LIMIT $4) w`,
      limit: ORDER_SEARCH_COUNT_CAP + 1,
      prefix: wordOf,
      serves: (x) => wordOf(x) !== null,
    },
    email: {
      sql: `SELECT s.order_id, s.order_number FROM order_search s WHERE s.client_id = $1 AND s.order_id = ANY(ARRAY(SELECT w.order_id FROM order_search_words w
        WHERE w.client_id = $1 AND w.word >= $5 AND w.word < $5 || chr(1114111))) AND (s.text || '') LIKE $2 LIMIT $4`,
      limit: ORDER_SEARCH_COUNT_CAP + 1,
      prefix: atOf,
      serves: (x) => atOf(x) !== null,
    },
    fetch: {
      sql: `SELECT s.order_id, s.order_number FROM order_search s WHERE s.client_id = $1 AND (s.text LIKE $2 OR s.order_number = $3) LIMIT $4`,
      limit: ORDER_SEARCH_COUNT_CAP + 1,
      prefix: () => null,
      // The trigram count: a search the words proved capped, or an e-mail's, no longer makes it.
      serves: (x) => !atOf(x) && !(wordOf(x) && capped.has(x)),
    },
    walk: {
      sql: `SELECT s.order_id FROM order_search s WHERE s.client_id = $1 AND ((s.text || '') LIKE $2 OR s.order_number = $3) ORDER BY s.order_number DESC LIMIT $4 OFFSET 0`,
      limit: 10,
      prefix: () => null,
      // The function walks only a search with more matches than the cap (the others' page is cut from the fetched matches).
      serves: (x) => capped.has(x),
    },
  };
  for (const [which, statement] of Object.entries(statements)) {
    for (const mode of ['force_custom_plan', 'force_generic_plan'] as const) {
      for (const club of clubs) {
        for (const search of searches.filter(statement.serves)) {
const plan = await database.owner.connection().execute(async (c) => {
            await c.executeQuery(CompiledQuery.raw(`SET plan_cache_mode = ${mode}`));
            await c.executeQuery(CompiledQuery.raw('SET enable_seqscan = off')); // as the function runs them
            await c.executeQuery(CompiledQuery.raw(`PREPARE bench_search(int, text, int, int, text) AS ${statement.sql}`));
            try {
              const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (x) => `\\${x}`)}%`;
              const num = /^\d{1,9}$/.test(search) ? Number(search) : null;
              const prefix = statement.prefix(search);
              const r = await c.executeQuery<{ 'QUERY PLAN': string }>(
                CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS OFF) EXECUTE bench_search(${club.clubId}, '${pattern.replace(/'/g, "''")}', ${num ?? 'NULL'}, ${statement.limit}, ${prefix === null ? 'NULL' : `'${prefix.replace(/'/g, "''")}'`})`),
              );
              return r.rows.map((x) => x['QUERY PLAN']).join('\n');
            } finally {
              await c.executeQuery(CompiledQuery.raw('DEALLOCATE bench_search'));
              await c.executeQuery(CompiledQuery.raw('RESET plan_cache_mode'));
              await c.executeQuery(CompiledQuery.raw('RESET enable_seqscan'));
            }
          });
          const indexes = [...new Set([...plan.matchAll(/Index (?:Only )?Scan(?: Backward)? using (\w+)|Bitmap Index Scan on (\w+)/g)].map((m) => m[1] ?? m[2]))];
          const seq = [...new Set([...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]))];
          const rows = plan.match(/^Limit .*?actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/)?.[1];
          const read = [...plan.matchAll(/(?:Scan|Heap Scan)[^\n]*on order_search(?:_words)? [sw][^\n]*actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/g)].map((m) => Number(m[1]));
          const removed = [...plan.matchAll(/Rows Removed by (?:Filter|Index Recheck): (\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
          log(
            `  ${which} ${mode === 'force_generic_plan' ? 'generic' : 'custom '} ${club.label} "${search}": ${plan.match(/Execution Time: ([\d.]+) ms/)?.[1]} ms, ${rows ?? '?'} rows (${(read[0] ?? 0) + removed} read); indexes ${indexes.join(' + ') || 'none'}${seq.length ? `; Seq Scan on ${seq.join(', ')}` : ''}${/Sort/.test(plan) ? '; sorted' : ''}`,
          );
          if (process.env.BENCH_PLANS) log(plan.replace(/^/gm, '      '));
        }
      }
    }
  }
}

export async function benchOrders(
  database: DatabaseHandle,
  opts: { measure: Measure; warm: (url: string, path: string, cookies: string[]) => Promise<unknown>; track: (app: Awaited<ReturnType<typeof buildApp>>) => void; count: () => number; durationS: number; connections: number; log: (...args: unknown[]) => void },
): Promise<boolean> {
  const { measure, log } = opts;
  await seedDemo(database.owner);
  const club = await seedOrdersClub(database, log);
  const cookies: string[] = [];
  for (let i = 0; i < 8; i++) cookies.push(`klubhus_session=${(await createSession(database.db, club.userId, { remember: true, clientId: club.clubId })).token}`);
  const app = await buildApp({
    database,
    config: { baseUrl: 'http://localhost', secureCookies: false, dataDir: mkdtempSync(join(tmpdir(), 'klubhus-bench-orders-')) },
    webDist: join(tmpdir(), 'klubhus-bench-no-web'),
  });
  opts.track(app);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const total = await database.owner.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('client_id', '=', club.clubId).executeTakeFirstOrThrow();
  log(`\nOrders: ${CLUB} with ${Number(total.n).toLocaleString('da-DK')} orders; tRPC at ${opts.connections} connections, ${opts.durationS} s a run.`);

  const path = (input: object) => `/trpc/orders.list?input=${encodeURIComponent(JSON.stringify(input))}`;
  const cases: [string, object][] = [
    ['orders.list page 1 (10, Number desc)', {}],
    ['orders.list page 500', { page: 500 }],
    ['orders.list search "jensen" (a common surname)', { search: 'jensen' }],
    ['orders.list search "bager" (company names)', { search: 'bager' }],
    ['orders.list search "kunde4711@" (an e-mail)', { search: 'kunde4711@' }],
    ['orders.list search "99123" (an order number)', { search: '99123' }],
  ];
  // The same kinds of search with a different term on every request (searchTerms: what staff type, not
  // one term repeated): nothing the database or the app keeps between calls can make these look cheap.
  const rotating: [string, string[]][] = (['surname', 'company', 'email', 'number'] as const).map((kind) => {
    const terms = searchTerms(kind);
    return [`orders.list search, ${terms.length} ${kind} terms rotating`, terms];
  });
  // Warm-up: JIT, pools, prepared statements. What each case answers: its total, capped or exact.
  for (const [, input] of cases) await opts.warm(address, path(input), cookies);
  const capped = new Set<string>();
  for (const [name, input] of cases) {
    const res = await fetch(`${address}${path(input)}`, { headers: { cookie: cookies[0] } });
    const data = ((await res.json()) as { result: { data: { rows: unknown[]; total: number; totalCapped: boolean; totalPages: number } } }).result.data;
    if (data.totalCapped && 'search' in input) capped.add(String(input.search));
    log(`  ${name}: ${data.rows.length} rows, total ${data.totalCapped ? 'more than ' : ''}${data.total} (${data.totalPages} pages)`);
  }
  // BENCH_ORDERS_ONLY: only the load runs whose names match, and nothing after them (to compare one or two runs quickly).
  const only = process.env.BENCH_ORDERS_ONLY ? new RegExp(process.env.BENCH_ORDERS_ONLY) : null;
  const runs: Measured[] = [];
  log(`Load average before the runs: ${loadavg().map((x) => x.toFixed(2)).join(' ')} (2 cores, shared)`);
  for (const [name, input] of cases) if (!only || only.test(name)) runs.push(await measure(name, address, opts.count, { method: 'GET', path: path(input), cookies }));
  for (const [name, terms] of rotating) {
    if (only && !only.test(name)) continue;
    const paths = terms.map((search) => path({ search }));
    await opts.warm(address, paths[1], cookies);
    runs.push(await measure(name, address, opts.count, { method: 'GET', path: paths[0], paths, cookies }));
  }
  log(`Load average after the runs: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  if (only) {
    await app.close();
    return false;
  }

  log('\nPlans (EXPLAIN ANALYZE as the app role, RLS on):');
  for (const [name, input] of cases) await explainList(database, club, name, input, log);
  const demo = await database.owner.selectFrom('clients').select('id').where('name', '=', 'Demo IF').executeTakeFirst();
  log('\nGeneric plans of the same statements (the app prepares them; forced here), for this club and the demo club, and what the default mode used in 10 runs:');
  for (const [name, input] of cases) {
    await explainList(database, club, `generic ${CLUB}: ${name}`, input, log, true);
    if (demo) await explainList(database, { clubId: demo.id, userId: club.userId }, `generic Demo IF: ${name}`, input, log, true);
  }
  log("\nThe statements inside order_search_page (the owner's, custom and generic plans; bench club and the demo club): fetch = the matches up to the cap + 1 (the count), walk = a common search's page 1 along the numbers:");
  await explainSearch(
    database,
    [{ label: CLUB, clubId: club.clubId }, ...(demo ? [{ label: 'Demo IF', clubId: demo.id }] : [])],
    cases.flatMap(([, input]) => ('search' in input ? [String(input.search)] : [])),
    capped,
    log,
  );

  // 500 creations at once through tRPC.
  const before = await database.owner.selectFrom('order_counters').select('last_number').where('client_id', '=', club.clubId).executeTakeFirstOrThrow();
  const body = JSON.stringify({ firstname: 'Bench', lastname: 'Samtidig', email: 'samtidig@bench.dk', orderLines: [{ title: 'Sponsorpakke', price: '1.250,00', amount: 2 }] });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const t0 = performance.now();
  const created = await Promise.all(
    Array.from({ length: CREATIONS }, async (_, i) => {
      const s = performance.now();
      const res = await fetch(`${address}/trpc/orders.update`, { method: 'POST', headers: { 'content-type': 'application/json', origin: address, cookie: cookies[i % cookies.length] }, body });
      latencies.push(performance.now() - s);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      return res.ok ? ((await res.json()) as { result: { data: { id: number } } }).result.data.id : null;
    }),
  );
  const wall = performance.now() - t0;
  const ids = created.filter((x): x is number => x !== null);
  const numbers = ids.length
    ? (await database.owner.selectFrom('orders').select('order_number').where('client_id', '=', club.clubId).where('id', 'in', ids).execute()).map((r) => r.order_number).sort((a, b) => a - b)
    : [];
  const unique = new Set(numbers).size === numbers.length;
  const gapless = numbers.length === CREATIONS && numbers[0] === before.last_number + 1 && numbers.at(-1) === before.last_number + CREATIONS;
  const fiveXX = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
  latencies.sort((a, b) => a - b);
  log(
    `\n${CREATIONS} order creations at once (POST /trpc/orders.update, one club): ${(wall / 1000).toFixed(2)} s in all, p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms; HTTP ${[...statuses].map(([s, c]) => `${s}×${c}`).join(', ')}; numbers ${numbers[0]}…${numbers.at(-1)}: ${unique ? 'unique' : 'NOT UNIQUE'}, ${gapless ? 'without gaps' : 'WITH GAPS'}`,
  );
  await app.close();

  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  log('\nGoals of issue 13:');
  for (const r of runs) log(`  ${r.name}: p95 ${r.p95.toFixed(1)} ms < ${GOAL_P95} ms — ${verdict(r.p95 < GOAL_P95)} (${r.rps.toFixed(0)} req/s, ${r.errors} errors)`);
  const createdOk = fiveXX === 0 && ids.length === CREATIONS && unique && gapless;
  log(`  ${CREATIONS} concurrent creations: no 5xx, numbers unique and gapless — ${verdict(createdOk)}`);
  return runs.every((r) => r.errors === 0 && r.p95 < GOAL_P95) && createdOk;
}
