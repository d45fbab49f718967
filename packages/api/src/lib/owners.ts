import type { Tx } from '@klubhus/db';
import { sql } from 'kysely';

/**
 * The club's staff (every role but member, membership accepted) for owner pickers, all of them (a picker must show the
 * current owner): id, full name and e-mail, by first name. One list for events and agreements.
 */
export async function staffOwners(trx: Tx, clientId: number) {
  const rows = await trx
    .selectFrom('client_users')
    .innerJoin('users', 'users.id', 'client_users.user_id')
    .select(['users.id', 'users.firstname', 'users.lastname', 'users.email'])
    .where('client_users.client_id', '=', clientId)
    .where('client_users.role', '!=', 'member')
    .where('client_users.accepted', '=', true)
    .orderBy(sql`lower(users.firstname)`)
    .orderBy('users.id')
    .execute();
  return rows.map((u) => ({ id: u.id, name: [u.firstname, u.lastname].filter(Boolean).join(' '), email: u.email }));
}

/** Whether the user may be an owner ('Ansvarlig') in the club: a staff user of that club (the owner pickers' list). */
export async function isStaffOwner(trx: Tx, clientId: number, userId: number): Promise<boolean> {
  const u = await trx
    .selectFrom('client_users')
    .select('user_id')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('role', '!=', 'member')
    .where('accepted', '=', true)
    .executeTakeFirst();
  return !!u;
}
