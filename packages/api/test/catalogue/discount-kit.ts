import { type DatabaseHandle, seedDemo, type Tx, withClub } from '@klubhus/db';
import { openTestDatabase } from '@klubhus/db/testing';

/** A seeded test database with discount-code helpers, shared by the consume tests. */
export async function openDiscountKit() {
  const handle: DatabaseHandle = await openTestDatabase();
  await seedDemo(handle.owner);
  const clubs = await handle.owner.selectFrom('clients').select(['id', 'name']).execute();
  const clubNamed = (name: string) => clubs.find((c) => c.name === name)!.id;

  async function addCode(
    clientId: number,
    values: { code: string; amount?: number | null; active?: boolean; expires?: string; discount?: number; percentage?: boolean },
  ) {
    return withClub(handle.db, { clientId }, (trx) =>
      trx
        .insertInto('discount_codes')
        .values({
          client_id: clientId,
          title: values.code,
          code: values.code,
          expires: values.expires ?? '2099-12-31',
          amount: values.amount === undefined ? 3 : values.amount,
          discount: values.discount ?? 1000,
          percentage: values.percentage ?? true,
          active: values.active ?? true,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
  }

  const usesOf = async (id: number) =>
    (await handle.owner.selectFrom('discount_codes').select('uses').where('id', '=', id).executeTakeFirstOrThrow()).uses;

  /** Ten checkouts at once, each in its own transaction of the club. */
  async function tenAtOnce(clientId: number, take: (trx: Tx) => Promise<unknown>) {
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => withClub(handle.db, { clientId }, take)));
    return {
      ok: results.filter((r) => r.status === 'fulfilled').length,
      refusals: results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : [])),
    };
  }

  return { handle, demo: clubNamed('Demo IF'), nabo: clubNamed('Nabo BK'), addCode, usesOf, tenAtOnce };
}

export type DiscountKit = Awaited<ReturnType<typeof openDiscountKit>>;
