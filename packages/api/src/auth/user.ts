import { type Database, withUser } from '@klubhus/db';
import type { Kysely } from 'kysely';

/** The user as GET /api/user and POST /api/login return it (SPEC §3 User). */
export async function userProfile(db: Kysely<Database>, userId: number) {
  return withUser(db, userId, async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select([
        'id',
        'email',
        'firstname',
        'lastname',
        'title',
        'picture',
        'phone',
        'mobile',
        'about',
        'linkedin',
        'admin',
        'super_admin',
        'email_confirmed',
        'time_zone',
      ])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const clients = await trx
      .selectFrom('client_users')
      .innerJoin('clients', 'clients.id', 'client_users.client_id')
      .select([
        'client_users.client_id',
        'clients.name',
        'clients.logo',
        'client_users.role',
        'client_users.system_user',
        'client_users.accepted',
      ])
      .where('client_users.user_id', '=', userId)
      .where('clients.active', '=', true)
      .orderBy('clients.name')
      .execute();
    return {
      id: user.id,
      email: user.email,
      firstname: user.firstname,
      lastname: user.lastname,
      title: user.title,
      picture: user.picture,
      phone: user.phone,
      mobile: user.mobile,
      about: user.about,
      linkedin: user.linkedin,
      admin: user.admin,
      superAdmin: user.super_admin,
      emailConfirmed: user.email_confirmed,
      timeZone: user.time_zone,
      clients: clients.map((c) => ({
        clientId: c.client_id,
        name: c.name,
        logo: c.logo,
        role: c.role,
        systemUser: c.system_user,
        accepted: c.accepted,
      })),
    };
  });
}
export type UserProfile = Awaited<ReturnType<typeof userProfile>>;
