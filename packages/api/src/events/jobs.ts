import { type Database, withClub } from '@klubhus/db';
import { type Kysely, sql } from 'kysely';
import { sendDueReminders } from './invites';

/**
 * The reminder job: each active club in its own transaction (row-level security sees one club at a
 * time). Safe to run from any number of processes at once: the reminder rows decide who sends.
 */
export async function remindAllClubs(db: Kysely<Database>, baseUrl: string, now = new Date()): Promise<number> {
  const clubs = await db.selectFrom('clients').select('id').where('active', '=', true).orderBy('id').execute();
  let sent = 0;
  for (const club of clubs) sent += await withClub(db, { clientId: club.id }, (trx) => sendDueReminders(trx, club.id, baseUrl, now));
  return sent;
}

/**
 * The hold-expiry job: seats whose hold ran out go back to free. Expired holds already count as free
 * wherever seats are taken or counted; this only tidies the rows. A hold being renewed holds its row
 * lock, and the update re-checks the expiry after waiting for it, so a fresh hold is never undone.
 */
export async function expireHoldsAllClubs(db: Kysely<Database>, now = new Date()): Promise<number> {
  const clubs = await db.selectFrom('clients').select('id').orderBy('id').execute();
  let freed = 0;
  for (const club of clubs) {
    freed += await withClub(db, { clientId: club.id }, async (trx) => {
      const r = await sql`UPDATE seat_map_seats SET status = 'free', hold_token = NULL, held_until = NULL
        WHERE client_id = ${club.id} AND status = 'held' AND held_until <= ${now}`.execute(trx);
      return Number(r.numAffectedRows ?? 0);
    });
  }
  return freed;
}
