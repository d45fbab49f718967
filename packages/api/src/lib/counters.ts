import type { Tx } from '@klubhus/db';
import { sql } from 'kysely';

type NumberSeries = 'order_counters' | 'invoice_counters' | 'contract_counters';

/**
 * The next number of a club's series (orders, invoices), gapless: the club's counter row is created
 * or advanced in one statement, which takes the row's lock (as SELECT … FOR UPDATE would) and holds
 * it until the calling transaction ends. A second caller waits; a rolled-back transaction gives its
 * number back. Never a sequence: a sequence's value is gone when its transaction rolls back.
 */
export async function nextNumber(trx: Tx, counter: NumberSeries, clientId: number): Promise<number> {
  const r = await nextNumberStatement(counter, clientId).execute(trx);
  return Number(r.rows[0].last_number);
}

/** nextNumber's statement (RETURNING last_number), for a caller that takes its number inside a larger statement (a CTE). */
export function nextNumberStatement(counter: NumberSeries, clientId: number) {
  const t = sql.table(counter);
  return sql<{ last_number: number }>`
    INSERT INTO ${t} (client_id, last_number) VALUES (${clientId}, 1)
    ON CONFLICT (client_id) DO UPDATE SET last_number = ${sql.ref(`${counter}.last_number`)} + 1
    RETURNING last_number`;
}
