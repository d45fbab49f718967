import { lockEventsOfBuyer } from '../booking/capacity';
import { json, type Tx } from '@klubhus/db';
import {
  COMPANY_MSG,
  CONTACT_MSG,
  MSG,
  type TContactRow,
  type TSaveResponse,
  type ZContactListRequest,
  type ZContactListsRequest,
  type ZContactListUpdateRequest,
  type ZContactResponse,
  type ZContactSearchRequest,
  type ZContactUpdateRequest,
} from '@klubhus/domain';
import { type Expression, type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '@klubhus/db';
import type { z } from 'zod';
import { assertImageFile, deleteRecordWithAttachments, fileUrl, saveFileFields } from '../attachments/service';
import type { CallFiles } from '../attachments/storage';
import { checkedExtraInfo } from '../extraInfo/service';
import { fail } from '../lib/errors';
import { likePattern, paginate } from '../lib/list';
import { missingIds } from '../lib/records';

/** Contacts and contact lists (SPEC §3, §4). */

type Club = { clientId: number; userId: number };

const SORTS: Record<string, Expression<unknown>[]> = {
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
}): TContactRow => ({
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
  return (eb: ExpressionBuilder<Database, 'contacts'>) =>
    eb.or([
      eb(sql`lower(contacts.firstname || ' ' || contacts.lastname)`, 'like', like),
      eb(sql`lower(contacts.email)`, 'like', like),
      eb(sql`lower(contacts.phone)`, 'like', like),
      eb(sql`lower(contacts.mobile)`, 'like', like),
    ]);
};

/** Contact ids of one company of the club (a subquery). */
const ofCompany = (clientId: number, companyId: number) => (eb: ExpressionBuilder<Database, 'contacts'>) =>
  eb('contacts.id', 'in', eb.selectFrom('company_contacts').select('contact_id').where('client_id', '=', clientId).where('company_id', '=', companyId));

/** The list protocol; filter.companyId narrows to one company's contacts. */
export async function listContacts(trx: Tx, clientId: number, input: z.output<typeof ZContactListRequest>) {
  let q = trx.selectFrom('contacts').select([...CONTACT_COLUMNS]).where('contacts.client_id', '=', clientId);
  const companyId = input.filter?.companyId;
  if (companyId) q = q.where(ofCompany(clientId, companyId));
  if (input.search) q = q.where(contactSearch(input.search));
  for (const expr of SORTS[input.sort.field] ?? SORTS.Name) q = q.orderBy(expr, input.sort.dir);
  q = q.orderBy('contacts.id', input.sort.dir);
  const page = await paginate(q, input);
  return { ...page, rows: page.rows.map(toRow) };
}

/** Pickers: by text (and company; 20 best by name) or by ids. */
export async function searchContacts(trx: Tx, clientId: number, input: z.output<typeof ZContactSearchRequest>) {
  let q = trx
    .selectFrom('contacts')
    .select([...CONTACT_COLUMNS])
    .where('contacts.client_id', '=', clientId)
    .orderBy(sql`lower(contacts.firstname)`)
    .orderBy(sql`lower(contacts.lastname)`)
    .orderBy('contacts.id');
  if (input.ids) {
    if (!input.ids.length) return [];
    q = q.where('contacts.id', 'in', input.ids.slice(0, 1000));
  } else {
    if (input.companyId) q = q.where(ofCompany(clientId, input.companyId));
    if (input.search) q = q.where(contactSearch(input.search));
    q = q.limit(20);
  }
  return (await q.execute()).map(toRow);
}

export async function getContact(trx: Tx, clientId: number, contactId: number): Promise<z.output<typeof ZContactResponse>> {
  const c = await trx.selectFrom('contacts').selectAll().where('client_id', '=', clientId).where('id', '=', contactId).executeTakeFirst();
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
    paymentCards: await contactCards(trx, clientId, c.id),
    createdAt: c.created_at,
    updatedAt: c.updated_at,
  };
}

/** Create (no id) or save; companyIds and listIds replace the links; picture as upload (file/pictureFile) or file id. */
export async function saveContact(trx: Tx, files: CallFiles, club: Club, input: z.output<typeof ZContactUpdateRequest>): Promise<TSaveResponse> {
  const { clientId } = club;
  let before: number | null = null;
  if (input.id) {
    const row = await trx.selectFrom('contacts').select('picture').where('client_id', '=', clientId).where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (!row) throw fail.notFound();
    before = row.picture;
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
  const { picture } = await saveFileFields(
    trx,
    files,
    club,
    { type: 'contact', id: contactId },
    { picture: { uploads: input.pictureFile?.length ? input.pictureFile : input.file, value: input.picture === undefined ? before : input.picture, before } },
    { imagesOnly: CONTACT_MSG.pictureNotImage },
  );
  await trx.updateTable('contacts').set({ picture }).where('client_id', '=', clientId).where('id', '=', contactId).execute();
  if (input.companyIds) await setLinks(trx, clientId, 'company_contacts', 'company_id', contactId, input.companyIds);
  if (input.listIds) await setLinks(trx, clientId, 'contact_list_members', 'list_id', contactId, input.listIds);
  return { id: contactId, created: !input.id, message: input.id ? MSG.contactSaved : MSG.contactCreated };
}

/** The contact's companies or lists become exactly these. */
async function setLinks(
  trx: Tx,
  clientId: number,
  table: 'company_contacts' | 'contact_list_members',
  column: 'company_id' | 'list_id',
  contactId: number,
  ids: number[],
) {
  const keep = [...new Set(ids)];
  await sql`DELETE FROM ${sql.table(table)} WHERE client_id = ${clientId} AND contact_id = ${contactId}
    ${keep.length ? sql`AND ${sql.ref(column)} NOT IN (${sql.join(keep)})` : sql``}`.execute(trx);
  if (keep.length) {
    await sql`INSERT INTO ${sql.table(table)} (client_id, ${sql.ref(column)}, contact_id)
      VALUES ${sql.join(keep.map((other) => sql`(${clientId}, ${other}, ${contactId})`))}
      ON CONFLICT DO NOTHING`.execute(trx);
  }
}

/** Deletes the contact with its links, comments, files and their stored bytes. */
export async function deleteContact(trx: Tx, files: CallFiles, clientId: number, contactId: number) {
  await lockEventsOfBuyer(trx, clientId, { contactId });
  await deleteRecordWithAttachments(trx, files, clientId, 'contacts', 'contact', contactId);
  return { success: true as const, message: MSG.contactDeleted };
}

/** Deletes one of the contact's saved cards; when it was the default, the newest card left becomes the default. */
export async function deleteContactCard(trx: Tx, clientId: number, contactId: number, cardId: string | number | undefined) {
  if ((await missingIds(trx, clientId, 'contacts', [contactId])).length) throw fail.notFound();
  const id = Number(cardId);
  if (!Number.isInteger(id) || id <= 0) throw fail.badRequest(CONTACT_MSG.cardNotFound);
  const gone = await trx
    .deleteFrom('contact_payment_cards')
    .where('client_id', '=', clientId)
    .where('contact_id', '=', contactId)
    .where('id', '=', id)
    .returning('is_default')
    .executeTakeFirst();
  if (!gone) throw fail.badRequest(CONTACT_MSG.cardNotFound);
  if (gone.is_default) {
    const next = await trx
      .selectFrom('contact_payment_cards')
      .select('id')
      .where('client_id', '=', clientId)
      .where('contact_id', '=', contactId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (next) await trx.updateTable('contact_payment_cards').set({ is_default: true }).where('client_id', '=', clientId).where('id', '=', next.id).execute();
  }
  return { success: true as const, message: CONTACT_MSG.cardDeleted };
}

/** The contact's saved cards, default first (SPEC §3 Payment card; the number masked but for its last four digits). */
export async function contactCards(trx: Tx, clientId: number, contactId: number) {
  const rows = await trx
    .selectFrom('contact_payment_cards')
    .select(['id', 'card_type', 'last4', 'exp_month', 'exp_year', 'is_default'])
    .where('client_id', '=', clientId)
    .where('contact_id', '=', contactId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ id: String(r.id), cardType: r.card_type, cardNumber: `XXXX XXXX XXXX ${r.last4}`, expMonth: r.exp_month, expYear: r.exp_year, isDefault: r.is_default }));
}

/* ------------------------------------------------------------------ contact lists */

export async function listContactLists(trx: Tx, clientId: number, input: z.output<typeof ZContactListsRequest>) {
  let q = trx
    .selectFrom('contact_lists')
    .select((eb) => [
      'contact_lists.id',
      'contact_lists.title',
      eb
        .selectFrom('contact_list_members')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('contact_list_members.list_id', '=', 'contact_lists.id')
        .where('contact_list_members.client_id', '=', clientId)
        .as('contactCount'),
    ])
    .where('contact_lists.client_id', '=', clientId);
  if (input.search) q = q.where('contact_lists.title', 'ilike', likePattern(input.search));
  q =
    input.sort.field === 'Id'
      ? q.orderBy('contact_lists.id', input.sort.dir)
      : q.orderBy(sql`lower(contact_lists.title)`, input.sort.dir).orderBy('contact_lists.id', input.sort.dir);
  const page = await paginate(q, input);
  return { ...page, rows: page.rows.map((r) => ({ id: r.id, title: r.title, contactCount: Number(r.contactCount ?? 0) })) };
}

export async function getContactList(trx: Tx, clientId: number, listId: number) {
  const l = await trx.selectFrom('contact_lists').select(['id', 'title']).where('client_id', '=', clientId).where('id', '=', listId).executeTakeFirst();
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
}

export async function saveContactList(trx: Tx, clientId: number, input: z.output<typeof ZContactListUpdateRequest>): Promise<TSaveResponse> {
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
}

/** Deletes the list (its members stay contacts) with its comments and files. */
export async function deleteContactList(trx: Tx, files: CallFiles, clientId: number, listId: number) {
  await deleteRecordWithAttachments(trx, files, clientId, 'contact_lists', 'contact-list', listId);
  return { success: true as const, message: CONTACT_MSG.contactListDeleted };
}

export async function addContactToList(trx: Tx, clientId: number, listId: number, contactId: number) {
  if ((await missingIds(trx, clientId, 'contact_lists', [listId])).length) throw fail.notFound();
  if ((await missingIds(trx, clientId, 'contacts', [contactId])).length) throw fail.notFound();
  await trx.insertInto('contact_list_members').values({ client_id: clientId, list_id: listId, contact_id: contactId }).onConflict((oc) => oc.doNothing()).execute();
  return { success: true as const, message: CONTACT_MSG.contactAddedToList };
}

export async function removeContactFromList(trx: Tx, clientId: number, listId: number, contactId: number) {
  const r = await trx
    .deleteFrom('contact_list_members')
    .where('client_id', '=', clientId)
    .where('list_id', '=', listId)
    .where('contact_id', '=', contactId)
    .returning('contact_id')
    .executeTakeFirst();
  if (!r) throw fail.notFound();
  return { success: true as const, message: CONTACT_MSG.contactRemovedFromList };
}
