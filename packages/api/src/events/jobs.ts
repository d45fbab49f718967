import { type Database, withClub } from '@klubhus/db';
import type { Kysely } from 'kysely';
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
