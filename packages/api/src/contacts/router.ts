import { json } from '@klubhus/db';
import {
  COMPANY_MSG, CONTACT_MSG,
  id,
  MSG,
  ZContactListMemberRequest,
  ZContactListRequest,
  ZContactListsRequest,
  ZContactListUpdateRequest,
  ZContactSearchRequest,
  ZContactUpdateRequest,
} from '@klubhus/domain';
import { type Expression, sql } from 'kysely';
import { z } from 'zod';
import { checkedExtraInfo, missingIds } from '../companies/service';
import { assertImageFile, deleteFileRows, fileStorage, fileUrl, removeStored, storeUploads, withFileCleanup } from '../files/service';
import { likePattern, paginate } from '../lib/list';
import { can, fail, moduleProcedure, router } from '../trpc';

const contacts = moduleProcedure('contacts');
const read = contacts.use(can('read', 'contacts'));
const write = contacts.use(can('update', 'contacts'));
const remove = contacts.use(can('delete', 'contacts'));
const byId = z.object({ id });

const SORTS: Record<string, Expression<any>[]> = {
  Name: [sql`lower(contacts.firstname)`, sql`lower(contacts.lastname)`],
  Firstname: [sql`lower(contacts.firstname)`, sql`lower(contacts.lastname)`],
  Lastname: [sql`lower(contacts.lastname)`, sql`lower(contacts.firstname)`],
  Email: [sql`lower(contacts.email)`],
  Phone: [sql`contacts.phone`],
  Mobile: [sql`contacts.mobile`],
  Id: [],
};

const CONTACT_COLUMNS = [
  'contacts.id',
  'contacts.firstname',
  'contacts.lastname',
  'contacts.email',
  'contacts.phone',
  'contacts.mobile',
  'contacts.linkedin',
  'contacts.picture',
  'contacts.highlighted',
  'contacts.no_invitations',
] as const;

const toRow = (r: {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  mobile: string | null;
  linkedin: string | null;
  picture: number | null;
  highlighted: boolean;
  no_invitations: boolean;
}) => ({
  id: r.id,
  firstname: r.firstname,
  lastname: r.lastname,
  name: `${r.firstname} ${r.lastname}`,
  email: r.email,
  phone: r.phone,
  mobile: r.mobile,
  linkedin: r.linkedin,
  picture: fileUrl(r.picture),
  highlighted: r.highlighted,
  noInvitations: r.no_invitations,
});

/** Name, e-mail, phone or mobile contains the search (lower() LIKE: ILIKE's result at half the cost). */
const contactSearch = (search: string) => {
  const like = sql<string>`lower(${likePattern(search)})`;
  return (eb: any) =>
    eb.or([
      eb(sql`lower(contacts.firstname || ' ' || contacts.lastname)`, 'like', like),
      eb(sql`lower(contacts.email)`, 'like', like),
      eb(sql`lower(contacts.phone)`, 'like', like),
      eb(sql`lower(contacts.mobile)`, 'like', like),
    ]);
};

export const contactsRouter = router({
  /** The list protocol; filter.companyId narrows to one company's contacts. */
  list: read.input(ZContactListRequest).query(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      let q = trx.selectFrom('contacts').select([...CONTACT_COLUMNS]).where('contacts.client_id', '=', ctx.club.clientId);
      const companyId = input.filter?.companyId;
      if (companyId) {
        q = q.where('contacts.id', 'in', (s) =>
          s.selectFrom('company_contacts').select('contact_id').where('client_id', '=', ctx.club.clientId).where('company_id', '=', companyId),
        );
      }
      if (input.search) q = q.where(contactSearch(input.search));
      for (const expr of SORTS[input.sort.field] ?? SORTS.Name) q = q.orderBy(expr, input.sort.dir);
      q = q.orderBy('contacts.id', input.sort.dir);
      const page = await paginate(q, input);
      return { ...page, rows: page.rows.map(toRow) };
    }),
  ),

  /** Pickers: GET contacts?search&companyId (20 best by name) or by ids. */
  search: read.input(ZContactSearchRequest).query(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      let q = trx
        .selectFrom('contacts')
        .select([...CONTACT_COLUMNS])
        .where('contacts.client_id', '=', ctx.club.clientId)
        .orderBy(sql`lower(contacts.firstname)`)
        .orderBy(sql`lower(contacts.lastname)`)
        .orderBy('contacts.id');
      if (input.ids) {
        if (!input.ids.length) return [];
        q = q.where('contacts.id', 'in', input.ids.slice(0, 1000));
      } else {
        if (input.companyId) {
          const companyId = input.companyId;
          q = q.where('contacts.id', 'in', (s) =>
            s.selectFrom('company_contacts').select('contact_id').where('client_id', '=', ctx.club.clientId).where('company_id', '=', companyId),
          );
        }
        if (input.search) q = q.where(contactSearch(input.search));
        q = q.limit(20);
      }
      return (await q.execute()).map(toRow);
    }),
  ),

  get: read.input(byId).query(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      const clientId = ctx.club.clientId;
      const c = await trx.selectFrom('contacts').selectAll().where('client_id', '=', clientId).where('id', '=', input.id).executeTakeFirst();
      if (!c) throw fail.notFound();
      const companies = await trx
        .selectFrom('company_contacts')
        .innerJoin('companies', (j) => j.onRef('companies.id', '=', 'company_contacts.company_id').onRef('companies.client_id', '=', 'company_contacts.client_id'))
        .select(['companies.id', 'companies.name', 'companies.cvr', 'companies.city', 'companies.status'])
        .where('company_contacts.client_id', '=', clientId)
        .where('company_contacts.contact_id', '=', c.id)
        .orderBy(sql`lower(companies.name)`)
        .execute();
      const lists = await trx
        .selectFrom('contact_list_members')
        .innerJoin('contact_lists', (j) => j.onRef('contact_lists.id', '=', 'contact_list_members.list_id').onRef('contact_lists.client_id', '=', 'contact_list_members.client_id'))
        .select(['contact_lists.id', 'contact_lists.title'])
        .where('contact_list_members.client_id', '=', clientId)
        .where('contact_list_members.contact_id', '=', c.id)
        .orderBy(sql`lower(contact_lists.title)`)
        .execute();
      return {
        id: c.id,
        firstname: c.firstname,
        lastname: c.lastname,
        email: c.email,
        phone: c.phone,
        mobile: c.mobile,
        linkedin: c.linkedin,
        about: c.about,
        highlighted: c.highlighted,
        noInvitations: c.no_invitations,
        picture: c.picture,
        pictureUrl: fileUrl(c.picture),
        extraInfo: c.extra_info,
        companyIds: companies.map((x) => x.id),
        listIds: lists.map((x) => x.id),
        companies,
        lists,
        /** Saved payment cards arrive with payments; none exist yet. */
        paymentCards: [] as { id: string; cardType: string; cardNumber: string; expMonth: number; expYear: number }[],
        createdAt: c.created_at,
        updatedAt: c.updated_at,
      };
    }),
  ),

  /** Create (no id) or save; companyIds and listIds replace the links; picture as upload (file/pictureFile) or file id. */
  update: write.input(ZContactUpdateRequest).mutation(async ({ ctx, input }) => {
    const storage = fileStorage(ctx.deps.config);
    const clientId = ctx.club.clientId;
    const removed: string[] = [];
    const result = await withFileCleanup(storage, (written) =>
      ctx.tx(async (trx) => {
        let previous: { picture: number | null } | undefined;
        if (input.id) {
          previous = await trx.selectFrom('contacts').select('picture').where('client_id', '=', clientId).where('id', '=', input.id).forUpdate().executeTakeFirst();
          if (!previous) throw fail.notFound();
        }
        const extraInfo = await checkedExtraInfo(trx, clientId, 'contacts', input.extraInfo);
        if (typeof input.picture === 'number') await assertImageFile(trx, clientId, input.picture, CONTACT_MSG.pictureNotImage);
        if (input.companyIds?.length && (await missingIds(trx, clientId, 'companies', input.companyIds)).length) throw fail.badRequest(COMPANY_MSG.companyNotFound);
        if (input.listIds?.length && (await missingIds(trx, clientId, 'contact_lists', input.listIds)).length) throw fail.badRequest(CONTACT_MSG.listNotFound);
        const values = {
          firstname: input.firstname,
          lastname: input.lastname,
          email: input.email,
          phone: input.phone,
          mobile: input.mobile,
          linkedin: input.linkedin,
          about: input.about,
          highlighted: input.highlighted,
          no_invitations: input.noInvitations,
          extra_info: json(extraInfo),
          ...(input.picture !== undefined ? { picture: input.picture } : {}),
        };
        const contactId = input.id
          ? (
              await trx
                .updateTable('contacts')
                .set({ ...values, updated_at: new Date() })
                .where('client_id', '=', clientId)
                .where('id', '=', input.id)
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id
          : (await trx.insertInto('contacts').values({ client_id: clientId, ...values }).returning('id').executeTakeFirstOrThrow()).id;
        const uploads = input.pictureFile?.length ? input.pictureFile : input.file;
        if (uploads?.length) {
          const [file] = await storeUploads(trx, storage, ctx.club, uploads.slice(0, 1), { type: 'contact', id: contactId }, written, {
            imagesOnly: CONTACT_MSG.pictureNotImage,
          });
          await trx.updateTable('contacts').set({ picture: file.id }).where('client_id', '=', clientId).where('id', '=', contactId).execute();
        }
        if (previous?.picture) {
          const now = await trx.selectFrom('contacts').select('picture').where('client_id', '=', clientId).where('id', '=', contactId).executeTakeFirstOrThrow();
          if (now.picture !== previous.picture) {
            const own = await trx
              .selectFrom('files')
              .select('id')
              .where('client_id', '=', clientId)
              .where('id', '=', previous.picture)
              .where('relation_type', '=', 'contact')
              .where('relation_id', '=', contactId)
              .execute();
            removed.push(...(await deleteFileRows(trx, clientId, { ids: own.map((o) => o.id) })));
          }
        }
        for (const [table, column, ids] of [
          ['company_contacts', 'company_id', input.companyIds],
          ['contact_list_members', 'list_id', input.listIds],
        ] as const) {
          if (!ids) continue;
          const keep = [...new Set(ids)];
          await sql`DELETE FROM ${sql.table(table)} WHERE client_id = ${clientId} AND contact_id = ${contactId}
            ${keep.length ? sql`AND ${sql.ref(column)} NOT IN (${sql.join(keep)})` : sql``}`.execute(trx);
          for (const other of keep) {
            await sql`INSERT INTO ${sql.table(table)} (client_id, ${sql.ref(column)}, contact_id) VALUES (${clientId}, ${other}, ${contactId})
              ON CONFLICT DO NOTHING`.execute(trx);
          }
        }
        return { id: contactId, created: !input.id, message: input.id ? MSG.contactSaved : MSG.contactCreated };
      }),
    );
    await removeStored(storage, removed);
    return result;
  }),

  delete: remove.input(byId).mutation(async ({ ctx, input }) => {
    const clientId = ctx.club.clientId;
    const keys = await ctx.tx(async (trx) => {
      const deleted = await trx.deleteFrom('contacts').where('client_id', '=', clientId).where('id', '=', input.id).returning('id').executeTakeFirst();
      if (!deleted) throw fail.notFound();
      await trx.deleteFrom('comments').where('client_id', '=', clientId).where('origin_type', '=', 'contact').where('origin_id', '=', input.id).execute();
      return deleteFileRows(trx, clientId, { relation: { types: ['contact'], id: input.id } });
    });
    await removeStored(fileStorage(ctx.deps.config), keys);
    return { success: true as const, message: MSG.contactDeleted };
  }),

  /** Saved payment cards arrive with payments; until then no contact has one to delete. */
  deleteCard: write.input(z.object({ id, cardId: z.union([z.string(), z.number()]).optional() })).mutation(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      const c = await trx.selectFrom('contacts').select('id').where('client_id', '=', ctx.club.clientId).where('id', '=', input.id).executeTakeFirst();
      if (!c) throw fail.notFound();
      throw fail.badRequest(CONTACT_MSG.cardNotFound);
    }),
  ),

  lists: router({
    list: read.input(ZContactListsRequest).query(({ ctx, input }) =>
      ctx.tx(async (trx) => {
        let q = trx
          .selectFrom('contact_lists')
          .select((eb) => [
            'contact_lists.id',
            'contact_lists.title',
            eb
              .selectFrom('contact_list_members')
              .select(sql<number>`count(*)::int`.as('n'))
              .whereRef('contact_list_members.list_id', '=', 'contact_lists.id')
              .whereRef('contact_list_members.client_id', '=', 'contact_lists.client_id')
              .as('contactCount'),
          ])
          .where('contact_lists.client_id', '=', ctx.club.clientId);
        if (input.search) q = q.where('contact_lists.title', 'ilike', likePattern(input.search));
        q = input.sort.field === 'Id' ? q.orderBy('contact_lists.id', input.sort.dir) : q.orderBy(sql`lower(contact_lists.title)`, input.sort.dir).orderBy('contact_lists.id', input.sort.dir);
        const page = await paginate(q, input);
        return { ...page, rows: page.rows.map((r) => ({ id: r.id, title: r.title, contactCount: Number(r.contactCount ?? 0) })) };
      }),
    ),

    get: read.input(byId).query(({ ctx, input }) =>
      ctx.tx(async (trx) => {
        const clientId = ctx.club.clientId;
        const l = await trx.selectFrom('contact_lists').select(['id', 'title']).where('client_id', '=', clientId).where('id', '=', input.id).executeTakeFirst();
        if (!l) throw fail.notFound();
        const members = await trx
          .selectFrom('contact_list_members')
          .innerJoin('contacts', (j) => j.onRef('contacts.id', '=', 'contact_list_members.contact_id').onRef('contacts.client_id', '=', 'contact_list_members.client_id'))
          .select([...CONTACT_COLUMNS])
          .where('contact_list_members.client_id', '=', clientId)
          .where('contact_list_members.list_id', '=', l.id)
          .orderBy(sql`lower(contacts.firstname)`)
          .orderBy(sql`lower(contacts.lastname)`)
          .orderBy('contacts.id')
          .execute();
        const rows = members.map(toRow);
        return { id: l.id, title: l.title, contactIds: rows.map((r) => r.id), contacts: rows };
      }),
    ),

    update: write.input(ZContactListUpdateRequest).mutation(({ ctx, input }) =>
      ctx.tx(async (trx) => {
        const clientId = ctx.club.clientId;
        if (input.contactIds?.length && (await missingIds(trx, clientId, 'contacts', input.contactIds)).length) throw fail.badRequest(CONTACT_MSG.contactNotFound);
        let listId: number;
        if (input.id) {
          const r = await trx
            .updateTable('contact_lists')
            .set({ title: input.title, updated_at: new Date() })
            .where('client_id', '=', clientId)
            .where('id', '=', input.id)
            .returning('id')
            .executeTakeFirst();
          if (!r) throw fail.notFound();
          listId = r.id;
        } else {
          listId = (await trx.insertInto('contact_lists').values({ client_id: clientId, title: input.title }).returning('id').executeTakeFirstOrThrow()).id;
        }
        if (input.contactIds) {
          const keep = [...new Set(input.contactIds)];
          let del = trx.deleteFrom('contact_list_members').where('client_id', '=', clientId).where('list_id', '=', listId);
          if (keep.length) del = del.where('contact_id', 'not in', keep);
          await del.execute();
          if (keep.length) {
            await trx
              .insertInto('contact_list_members')
              .values(keep.map((contactId) => ({ client_id: clientId, list_id: listId, contact_id: contactId })))
              .onConflict((oc) => oc.doNothing())
              .execute();
          }
        }
        return { id: listId, created: !input.id, message: input.id ? MSG.contactListSaved : MSG.contactListCreated };
      }),
    ),

    delete: remove.input(byId).mutation(({ ctx, input }) =>
      ctx.tx(async (trx) => {
        const r = await trx.deleteFrom('contact_lists').where('client_id', '=', ctx.club.clientId).where('id', '=', input.id).returning('id').executeTakeFirst();
        if (!r) throw fail.notFound();
        return { success: true as const, message: CONTACT_MSG.contactListDeleted };
      }),
    ),

    addContact: write.input(ZContactListMemberRequest).mutation(({ ctx, input }) =>
      ctx.tx(async (trx) => {
        const clientId = ctx.club.clientId;
        if ((await missingIds(trx, clientId, 'contact_lists', [input.listId])).length) throw fail.notFound();
        if ((await missingIds(trx, clientId, 'contacts', [input.contactId])).length) throw fail.notFound();
        await trx
          .insertInto('contact_list_members')
          .values({ client_id: clientId, list_id: input.listId, contact_id: input.contactId })
          .onConflict((oc) => oc.doNothing())
          .execute();
        return { success: true as const, message: CONTACT_MSG.contactAddedToList };
      }),
    ),

    removeContact: write.input(ZContactListMemberRequest).mutation(({ ctx, input }) =>
      ctx.tx(async (trx) => {
        const r = await trx
          .deleteFrom('contact_list_members')
          .where('client_id', '=', ctx.club.clientId)
          .where('list_id', '=', input.listId)
          .where('contact_id', '=', input.contactId)
          .returning('contact_id')
          .executeTakeFirst();
        if (!r) throw fail.notFound();
        return { success: true as const, message: CONTACT_MSG.contactRemovedFromList };
      }),
    ),
  }),
});
