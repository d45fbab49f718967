import { randomBytes } from 'node:crypto';
import type { EventNotificationsJson, MailAttachmentJson, Tx } from '@klubhus/db';
import {
  EVENT_MSG,
  INVITE_TOKEN_BYTES,
  type InviteSendType,
  inviteLink,
  type TInvitees,
  type TInviteResponse,
  type ZCreateInvitesRequest,
  type ZSaveInviteGroupRequest,
  type ZSaveInviteRequest,
  type ZSendInvitesRequest,
} from '@klubhus/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import { fail } from '../lib/errors';
import { escapeHtml, type OutgoingMail, queueMails } from '../lib/mail';
import { assertOwn } from './shared';

/**
 * Invitations (SPEC §2 Invitationer, §3 Invite, §7): invites are made from invitees (companies'
 * contacts, contact lists, single contacts), grouped per company or list, carry products and a
 * random token whose link is /public/events/invite/{token}, and are sent through the outbox.
 */

const newToken = () => randomBytes(INVITE_TOKEN_BYTES).toString('base64url');

interface Candidate {
  contact_id: number;
  company_id: number | null;
  contact_list_id: number | null;
}

/** The contacts the invitees name, each once, with the group it is invited in (company first). */
async function candidates(trx: Tx, clientId: number, invitees: TInvitees, allActive: boolean, activeDate: string | null): Promise<Candidate[]> {
  const companyIds = invitees.companyIds.length ? invitees.companyIds : [0];
  const listIds = invitees.contactListIds.length ? invitees.contactListIds : [0];
  const contactIds = invitees.contactIds.length ? invitees.contactIds : [0];
  const r = await sql<Candidate>`
    WITH picked AS (
      SELECT cc.contact_id, cc.company_id, NULL::int AS contact_list_id, 1 AS rank
      FROM company_contacts cc
      JOIN companies co ON co.client_id = cc.client_id AND co.id = cc.company_id
      WHERE cc.client_id = ${clientId} AND (
        cc.company_id = ANY(${companyIds}::int[])
        OR (${allActive}::boolean AND co.status = 1 AND (${activeDate}::timestamptz IS NULL OR co.created_at <= ${activeDate}::timestamptz)))
      UNION ALL
      SELECT m.contact_id, NULL, m.list_id, 2 FROM contact_list_members m
      WHERE m.client_id = ${clientId} AND m.list_id = ANY(${listIds}::int[])
      UNION ALL
      SELECT c.id, (SELECT min(cc.company_id) FROM company_contacts cc WHERE cc.client_id = c.client_id AND cc.contact_id = c.id), NULL, 3
      FROM contacts c WHERE c.client_id = ${clientId} AND c.id = ANY(${contactIds}::int[])
    )
    SELECT DISTINCT ON (p.contact_id) p.contact_id, p.company_id, p.contact_list_id
    FROM picked p JOIN contacts c ON c.client_id = ${clientId} AND c.id = p.contact_id
    WHERE NOT c.no_invitations AND c.email <> ''
    ORDER BY p.contact_id, p.rank, p.company_id, p.contact_list_id`.execute(trx);
  return r.rows;
}

/**
 * POST /{id}/create-invites: an invite for every named contact not yet invited, with the invitees'
 * products (amount 0 until staff set it). Set-based: 2,000 contacts are a handful of statements.
 */
export async function createInvites(trx: Tx, clientId: number, input: z.output<typeof ZCreateInvitesRequest>) {
  const event = await trx.selectFrom('events').select(['id']).where('client_id', '=', clientId).where('id', '=', input.id).forUpdate().executeTakeFirst();
  if (!event) throw fail.notFound();
  const inv = input.invitees;
  if (!inv.companyIds.length && !inv.contactIds.length && !inv.contactListIds.length && !input.allActive) throw fail.badRequest(EVENT_MSG.noInvitees);
  await assertOwn(trx, clientId, 'companies', inv.companyIds, EVENT_MSG.unknownCompany);
  await assertOwn(trx, clientId, 'contacts', inv.contactIds, EVENT_MSG.unknownContact);
  await assertOwn(trx, clientId, 'contact_lists', inv.contactListIds, EVENT_MSG.unknownContactList);
  await assertOwn(trx, clientId, 'products', inv.productIds, EVENT_MSG.unknownProduct);
  const found = await candidates(trx, clientId, inv, input.allActive, input.activeDate);
  if (!found.length) throw fail.badRequest(EVENT_MSG.noContactsToInvite);
  let created = 0;
  for (let i = 0; i < found.length; i += 1000) {
    const batch = found.slice(i, i + 1000);
    const rows = await trx
      .insertInto('event_invites')
      .values(batch.map((c) => ({ client_id: clientId, event_id: input.id, token: newToken(), ...c })))
      .onConflict((oc) => oc.columns(['client_id', 'event_id', 'contact_id']).doNothing())
      .returning('id')
      .execute();
    created += rows.length;
    if (rows.length && inv.productIds.length) {
      await trx
        .insertInto('event_invite_products')
        .values(rows.flatMap((r) => inv.productIds.map((productId) => ({ client_id: clientId, invite_id: r.id, product_id: productId }))))
        .execute();
    }
  }
  return { created, message: EVENT_MSG.invitesCreated };
}

type InviteRow = {
  id: number;
  token: string;
  company_id: number | null;
  contact_list_id: number | null;
  invitation_sent_at: Date | null;
  contact_id: number;
  firstname: string;
  lastname: string | null;
  email: string | null;
};

async function invitesOf(trx: Tx, clientId: number, eventId: number, baseUrl: string, where?: { key: string }): Promise<(TInviteResponse & { row: InviteRow })[]> {
  let q = trx
    .selectFrom('event_invites as i')
    .innerJoin('contacts as c', (j) => j.onRef('c.client_id', '=', 'i.client_id').onRef('c.id', '=', 'i.contact_id'))
    .select(['i.id', 'i.token', 'i.company_id', 'i.contact_list_id', 'i.invitation_sent_at', 'c.id as contact_id', 'c.firstname', 'c.lastname', 'c.email'])
    .where('i.client_id', '=', clientId)
    .where('i.event_id', '=', eventId);
  if (where) {
    const [kind, id] = where.key.split(':');
    if (kind === 'company') q = q.where('i.company_id', '=', Number(id));
    else if (kind === 'list') q = q.where('i.company_id', 'is', null).where('i.contact_list_id', '=', Number(id));
    else q = q.where('i.company_id', 'is', null).where('i.contact_list_id', 'is', null);
  }
  const rows = await q.orderBy(sql`lower(c.firstname)`).orderBy('i.id').execute();
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [products, reminders] = await Promise.all([
    trx
      .selectFrom('event_invite_products as ip')
      .innerJoin('products as p', (j) => j.onRef('p.client_id', '=', 'ip.client_id').onRef('p.id', '=', 'ip.product_id'))
      .select(['ip.invite_id', 'ip.product_id', 'p.title', 'ip.amount', 'ip.amount_per_invite'])
      .where('ip.client_id', '=', clientId)
      .where('ip.invite_id', 'in', ids)
      .orderBy('p.title')
      .execute(),
    trx.selectFrom('event_invite_reminders').select(['invite_id', 'days_before']).where('client_id', '=', clientId).where('invite_id', 'in', ids).execute(),
  ]);
  return rows.map((r) => ({
    row: r,
    id: r.id,
    token: r.token,
    link: inviteLink(baseUrl, r.token),
    contact: { id: r.contact_id, firstname: r.firstname, lastname: r.lastname, email: r.email },
    products: products
      .filter((p) => p.invite_id === r.id)
      .map((p) => ({ productId: p.product_id, product: p.title, amount: p.amount, amountPerInvite: p.amount_per_invite })),
    invitationSent: r.invitation_sent_at !== null,
    invitationSentAt: r.invitation_sent_at ? r.invitation_sent_at.toISOString() : null,
    remindersSent: reminders
      .filter((m) => m.invite_id === r.id)
      .map((m) => m.days_before)
      .sort((a, b) => b - a),
  }));
}

const groupKey = (i: { company_id: number | null; contact_list_id: number | null }) =>
  i.company_id ? `company:${i.company_id}` : i.contact_list_id ? `list:${i.contact_list_id}` : 'contacts';

/** GET /{id}/invites: the invites grouped per company (companies[]) and per contact list (lists[], single contacts last). */
export async function eventInvites(trx: Tx, clientId: number, eventId: number, baseUrl: string) {
  const event = await trx.selectFrom('events').select('id').where('client_id', '=', clientId).where('id', '=', eventId).executeTakeFirst();
  if (!event) throw fail.notFound();
  const invites = await invitesOf(trx, clientId, eventId, baseUrl);
  const companyIds = [...new Set(invites.map((i) => i.row.company_id).filter((v): v is number => v !== null))];
  const listIds = [...new Set(invites.map((i) => i.row.contact_list_id).filter((v): v is number => v !== null))];
  const [companies, lists] = await Promise.all([
    companyIds.length ? trx.selectFrom('companies').select(['id', 'name']).where('client_id', '=', clientId).where('id', 'in', companyIds).execute() : [],
    listIds.length ? trx.selectFrom('contact_lists').select(['id', 'title']).where('client_id', '=', clientId).where('id', 'in', listIds).execute() : [],
  ]);
  const groups = new Map<string, { key: string; name: string; company: { id: number; name: string } | null; list: { id: number; name: string } | null; invites: TInviteResponse[] }>();
  for (const i of invites) {
    const key = groupKey(i.row);
    let g = groups.get(key);
    if (!g) {
      const company = i.row.company_id ? companies.find((c) => c.id === i.row.company_id) : undefined;
      const list = !company && i.row.contact_list_id ? lists.find((l) => l.id === i.row.contact_list_id) : undefined;
      g = {
        key,
        name: company?.name ?? list?.title ?? 'Kontakter',
        company: company ? { id: company.id, name: company.name } : null,
        list: list ? { id: list.id, name: list.title } : null,
        invites: [],
      };
      groups.set(key, g);
    }
    const { row: _row, ...invite } = i;
    g.invites.push(invite);
  }
  const all = [...groups.values()];
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'da');
  return {
    companies: all.filter((g) => g.company).sort(byName),
    lists: [...all.filter((g) => g.list).sort(byName), ...all.filter((g) => !g.company && !g.list)],
  };
}

/** GET /{id}/invite-group/{key}: one group's invites. */
export async function inviteGroup(trx: Tx, clientId: number, eventId: number, key: string, baseUrl: string) {
  const { companies, lists } = await eventInvites(trx, clientId, eventId, baseUrl);
  const group = [...companies, ...lists].find((g) => g.key === key);
  if (!group) throw fail.notFound();
  return group;
}

async function replaceProducts(trx: Tx, clientId: number, inviteIds: number[], products: z.output<typeof ZSaveInviteRequest>['products']) {
  await assertOwn(
    trx,
    clientId,
    'products',
    products.map((p) => p.productId),
    EVENT_MSG.unknownProduct,
  );
  await trx.deleteFrom('event_invite_products').where('client_id', '=', clientId).where('invite_id', 'in', inviteIds).execute();
  const unique = [...new Map(products.map((p) => [p.productId, p])).values()];
  if (unique.length) {
    await trx
      .insertInto('event_invite_products')
      .values(
        inviteIds.flatMap((inviteId) =>
          unique.map((p) => ({ client_id: clientId, invite_id: inviteId, product_id: p.productId, amount: p.amount, amount_per_invite: p.amountPerInvite })),
        ),
      )
      .execute();
  }
}

/** POST save-invite/{inviteId}: the invite's products (amount and amount per invite). */
export async function saveInvite(trx: Tx, clientId: number, input: z.output<typeof ZSaveInviteRequest>) {
  const invite = await trx.selectFrom('event_invites').select('id').where('client_id', '=', clientId).where('id', '=', input.inviteId).executeTakeFirst();
  if (!invite) throw fail.notFound();
  await replaceProducts(trx, clientId, [invite.id], input.products);
  return { success: true as const, message: EVENT_MSG.inviteSaved };
}

/** POST /{id}/invite-group: the same products for every invite of a group. */
export async function saveInviteGroup(trx: Tx, clientId: number, input: z.output<typeof ZSaveInviteGroupRequest>, baseUrl: string) {
  const group = await inviteGroup(trx, clientId, input.id, input.key, baseUrl);
  await replaceProducts(
    trx,
    clientId,
    group.invites.map((i) => i.id),
    input.products,
  );
  return { success: true as const, message: EVENT_MSG.inviteSaved };
}

/** POST /{id}/delete-invites */
export async function deleteInvites(trx: Tx, clientId: number, eventId: number, ids: number[]) {
  const deleted = await trx.deleteFrom('event_invites').where('client_id', '=', clientId).where('event_id', '=', eventId).where('id', 'in', ids).returning('id').execute();
  if (!deleted.length) throw fail.notFound();
  return { success: true as const, message: EVENT_MSG.invitesDeleted };
}

// ---------------------------------------------------------------- mails

interface MailEvent {
  id: number;
  title: string;
  start_date: Date;
  location: string | null;
  invite_attachment: number | null;
  email_notifications: EventNotificationsJson;
  time_zone: string;
}

/** The event's invite attachment as the outbox stores it. */
async function attachmentOf(trx: Tx, clientId: number, fileId: number | null): Promise<MailAttachmentJson[]> {
  if (!fileId) return [];
  const f = await trx.selectFrom('files').select(['file_name', 'file_path', 'mime_type']).where('client_id', '=', clientId).where('id', '=', fileId).executeTakeFirst();
  return f ? [{ filename: f.file_name, key: f.file_path, contentType: f.mime_type }] : [];
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => (k in values ? values[k] : m));

/**
 * One invitation, reminder or update mail: the club's template (placeholders {{firstname}},
 * {{lastname}}, {{event}}, {{date}}, {{location}}, {{link}}; the link is added when the template has
 * none) or the Standard text.
 */
export function inviteMail(
  type: InviteSendType,
  event: MailEvent,
  invite: { firstname: string; lastname: string | null; email: string; token: string },
  baseUrl: string,
  clubTemplates: { name: string; template: string }[],
  attachments: MailAttachmentJson[],
): OutgoingMail {
  const link = inviteLink(baseUrl, invite.token);
  const date = new Intl.DateTimeFormat('da-DK', { timeZone: event.time_zone, day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(
    event.start_date,
  );
  const subject = type === 'reminder' ? EVENT_MSG.reminderSubject(event.title) : type === 'update' ? EVENT_MSG.updateSubject(event.title) : EVENT_MSG.inviteSubject(event.title);
  const values = {
    firstname: escapeHtml(invite.firstname),
    lastname: escapeHtml(invite.lastname ?? ''),
    event: escapeHtml(event.title),
    date: escapeHtml(date),
    location: escapeHtml(event.location ?? ''),
    link: escapeHtml(link),
  };
  const chosen = event.email_notifications[type]?.template;
  const custom = chosen && chosen !== 'standard' ? clubTemplates.find((t) => t.name === chosen)?.template : undefined;
  const button = `<p><a href="${values.link}">Se invitationen og tilmeld dig</a></p>`;
  const lead =
    type === 'reminder'
      ? `Husk ${values.event} ${values.date}.`
      : type === 'update'
        ? `Der er nyt om ${values.event} ${values.date}.`
        : `Du er inviteret til ${values.event} ${values.date}${event.location ? `, ${values.location}` : ''}.`;
  const html = custom
    ? fill(custom, values) + (/\{\{\s*link\s*\}\}/.test(custom) ? '' : button)
    : `<p>Hej ${values.firstname}</p><p>${lead}</p>${button}`;
  const text = `${html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim()}\n\n${link}`;
  return { to: invite.email, subject, html, text, kind: `event-${type}`, attachments };
}

async function mailEvent(trx: Tx, clientId: number, eventId: number): Promise<MailEvent> {
  const e = await trx
    .selectFrom('events')
    .innerJoin('clients', 'clients.id', 'events.client_id')
    .select(['events.id', 'events.title', 'events.start_date', 'events.location', 'events.invite_attachment', 'events.email_notifications', 'clients.time_zone'])
    .where('events.client_id', '=', clientId)
    .where('events.id', '=', eventId)
    .executeTakeFirst();
  if (!e) throw fail.notFound();
  return e;
}

async function clubMailTemplates(trx: Tx, clientId: number) {
  const row = await trx.selectFrom('clients').select('settings').where('id', '=', clientId).executeTakeFirst();
  const list = ((row?.settings ?? {}) as { events?: { emailTemplates?: unknown } }).events?.emailTemplates;
  return Array.isArray(list)
    ? list.filter((t): t is { name: string; template: string } => typeof t?.name === 'string' && typeof t?.template === 'string')
    : [];
}

/**
 * POST /{id}/send-invites: queues the mails in the call's transaction and marks the invites.
 * An invitation goes once unless forced; reminders and updates go to invites already invited.
 */
export async function sendInvites(trx: Tx, clientId: number, input: z.output<typeof ZSendInvitesRequest>, baseUrl: string) {
  const event = await mailEvent(trx, clientId, input.id);
  const rows = await trx
    .selectFrom('event_invites as i')
    .innerJoin('contacts as c', (j) => j.onRef('c.client_id', '=', 'i.client_id').onRef('c.id', '=', 'i.contact_id'))
    .select(['i.id', 'i.token', 'i.invitation_sent_at', 'c.firstname', 'c.lastname', 'c.email'])
    .where('i.client_id', '=', clientId)
    .where('i.event_id', '=', input.id)
    .where('i.id', 'in', input.ids)
    .forUpdate(['i'])
    .execute();
  if (!rows.length) throw fail.notFound();
  const due = rows.filter((r) => (input.type === 'invitation' ? input.force || !r.invitation_sent_at : r.invitation_sent_at !== null) && r.email);
  const templates = await clubMailTemplates(trx, clientId);
  const attachments = await attachmentOf(trx, clientId, event.invite_attachment);
  await queueMails(
    trx,
    due.map((r) => inviteMail(input.type, event, { ...r, email: r.email as string }, baseUrl, templates, attachments)),
  );
  if (due.length) {
    const ids = due.map((r) => r.id);
    const now = new Date();
    if (input.type === 'invitation') await trx.updateTable('event_invites').set({ invitation_sent_at: now }).where('client_id', '=', clientId).where('id', 'in', ids).execute();
    if (input.type === 'update') await trx.updateTable('event_invites').set({ update_sent_at: now }).where('client_id', '=', clientId).where('id', 'in', ids).execute();
  }
  return { sent: due.length, skipped: rows.length - due.length, message: EVENT_MSG.invitesSent };
}

/**
 * The reminder job's work for one club: for every sent invite of an upcoming event whose reminder
 * interval has come (start − days ≤ now), one mail for the nearest interval. The reminder rows'
 * primary key (invite, days) is taken first, so a second process or a rerun sends nothing again.
 */
export async function sendDueReminders(trx: Tx, clientId: number, baseUrl: string, now = new Date()): Promise<number> {
  const events = await trx
    .selectFrom('events')
    .select(['id', 'email_notifications', 'start_date'])
    .where('client_id', '=', clientId)
    .where('start_date', '>', now)
    .where(sql<boolean>`email_notifications->'reminder'->>'template' IS NOT NULL`)
    .execute();
  const templates = events.length ? await clubMailTemplates(trx, clientId) : [];
  let sent = 0;
  for (const e of events) {
    const intervals = e.email_notifications.reminder?.reminderInterval ?? [];
    const daysLeft = (e.start_date.getTime() - now.getTime()) / 86_400_000;
    const passed = intervals.filter((d) => d >= daysLeft);
    if (!passed.length) continue;
    const nearest = Math.min(...passed);
    // Every passed interval is marked taken for the invite; a mail only for invites that had not had the nearest one.
    const taken = await sql<{ invite_id: number }>`
      WITH fresh AS (
        INSERT INTO event_invite_reminders (client_id, invite_id, days_before)
        SELECT i.client_id, i.id, d FROM event_invites i CROSS JOIN unnest(${passed}::int[]) AS d
        WHERE i.client_id = ${clientId} AND i.event_id = ${e.id} AND i.invitation_sent_at IS NOT NULL
        ON CONFLICT DO NOTHING
        RETURNING invite_id, days_before)
      SELECT invite_id FROM fresh WHERE days_before = ${nearest}`.execute(trx);
    if (!taken.rows.length) continue;
    const event = await mailEvent(trx, clientId, e.id);
    const attachments = await attachmentOf(trx, clientId, event.invite_attachment);
    const invites = await trx
      .selectFrom('event_invites as i')
      .innerJoin('contacts as c', (j) => j.onRef('c.client_id', '=', 'i.client_id').onRef('c.id', '=', 'i.contact_id'))
      .select(['i.token', 'c.firstname', 'c.lastname', 'c.email'])
      .where('i.client_id', '=', clientId)
      .where(
        'i.id',
        'in',
        taken.rows.map((r) => r.invite_id),
      )
      .execute();
    await queueMails(
      trx,
      invites.filter((i) => i.email).map((i) => inviteMail('reminder', event, i, baseUrl, templates, attachments)),
    );
    sent += invites.length;
  }
  return sent;
}
