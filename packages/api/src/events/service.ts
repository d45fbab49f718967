import { json, type Tx } from '@klubhus/db';
import {
  EVENT_MSG,
  type EventUpdate,
  FILE_MSG,
  MAX_INVITE_ATTACHMENT_BYTES,
  oreToKroner,
  slugify,
  type TSaveResponse,
  type TUpload,
  type ZEventListRequest,
} from '@klubhus/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import { deleteRecordAttachments, saveFileFields, uploadBytes } from '../attachments/service';
import type { CallFiles } from '../attachments/storage';
import { fail } from '../lib/errors';
import { isStaffOwner } from '../lib/owners';
import { likePattern } from '../lib/list';
import { createSeatMap } from '../seating/holds';
import { assertOwn, eventSettings, fileInfos, iso, notificationsOut, publicImageUrl } from './shared';
import { checkTemplateRefs } from './types';

/**
 * Events (SPEC §2 Events, admin; §3 Event form; §5 Event): the tree list, the event screen's load
 * and save with ticket products, sponsors, files and the event's seat map, delete, and sub-events.
 */

type Club = { clientId: number; userId: number };

// ---------------------------------------------------------------- list

const SORTS = { StartDate: 'start_date', EndDate: 'end_date', SignUpDeadline: 'sign_up_deadline', Title: 'title', Id: 'id' } as const;
const ROW = ['id', 'title', 'start_date', 'end_date', 'sign_up_deadline', 'parent_id'] as const;
const toRow = (e: { id: number; title: string; start_date: Date; end_date: Date; sign_up_deadline: Date; parent_id: number | null }) => ({
  id: e.id,
  title: e.title,
  startDate: e.start_date.toISOString(),
  endDate: e.end_date.toISOString(),
  signUpDeadline: e.sign_up_deadline.toISOString(),
  parentId: e.parent_id,
});

/**
 * POST /api/events/v2: top-level events a page at a time, each with its sub-events (Relations).
 * The text filter finds an event by its own title or a sub-event's; date ranges apply to the parent.
 */
export async function listEvents(trx: Tx, clientId: number, input: z.output<typeof ZEventListRequest>) {
  let q = trx.selectFrom('events as e').where('e.client_id', '=', clientId).where('e.parent_id', 'is', null);
  if (input.search) {
    const pattern = likePattern(input.search);
    q = q.where((eb) =>
      eb.or([
        eb('e.title', 'ilike', pattern),
        eb.exists(
          eb
            .selectFrom('events as c')
            .select('c.id')
            .whereRef('c.client_id', '=', 'e.client_id')
            .whereRef('c.parent_id', '=', 'e.id')
            .where('c.title', 'ilike', pattern),
        ),
      ]),
    );
  }
  const f = input.filter;
  for (const [key, column] of [
    ['startDate', 'e.start_date'],
    ['endDate', 'e.end_date'],
    ['signUpDeadline', 'e.sign_up_deadline'],
  ] as const) {
    const range = f?.[key];
    if (range?.from) q = q.where(column, '>=', new Date(range.from));
    if (range?.to) q = q.where(column, '<=', new Date(range.to));
  }
  const count = await q.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow();
  const column = SORTS[input.sort.field as keyof typeof SORTS];
  const rows = await q
    .select(ROW.map((c) => `e.${c}` as const))
    .orderBy(column === 'title' ? sql`lower(e.title)` : sql.ref(`e.${column}`), input.sort.dir)
    .orderBy('e.id', input.sort.dir)
    .limit(input.perPage)
    .offset((input.page - 1) * input.perPage)
    .execute();
  const children = rows.length
    ? await trx
        .selectFrom('events')
        .select(ROW)
        .where('client_id', '=', clientId)
        .where(
          'parent_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('start_date')
        .orderBy('id')
        .execute()
    : [];
  const total = Number(count.count);
  return {
    rows: rows.map((r) => ({ ...toRow(r), relations: children.filter((c) => c.parent_id === r.id).map(toRow) })),
    total,
    totalPages: Math.max(1, Math.ceil(total / input.perPage)),
    page: input.page,
    perPage: input.perPage,
  };
}

// ---------------------------------------------------------------- get

export async function getEvent(trx: Tx, clientId: number, eventId: number) {
  const e = await trx.selectFrom('events').selectAll().where('client_id', '=', clientId).where('id', '=', eventId).executeTakeFirst();
  if (!e) throw fail.notFound();
  const [parent, products, sponsors, seatMap] = await Promise.all([
    e.parent_id ? trx.selectFrom('events').select(['id', 'title']).where('client_id', '=', clientId).where('id', '=', e.parent_id).executeTakeFirst() : undefined,
    trx
      .selectFrom('event_ticket_products as t')
      .innerJoin('products as p', (j) => j.onRef('p.client_id', '=', 't.client_id').onRef('p.id', '=', 't.product_id'))
      .select([
        't.id',
        't.product_id',
        't.title',
        't.price',
        't.public_price',
        't.make_public_at',
        't.release_reserved_at',
        't.max_amount',
        't.max_company_amount',
        't.name_required',
        't.public',
        't.disable_additional_tickets',
        't.alt_start_date',
        't.ticket_description',
        't.sorting',
        'p.title as product_title',
        'p.type as product_type',
        'p.seats as product_seats',
      ])
      .where('t.client_id', '=', clientId)
      .where('t.event_id', '=', eventId)
      .orderBy('t.sorting')
      .orderBy('t.id')
      .execute(),
    trx
      .selectFrom('event_sponsors as s')
      .innerJoin('companies as c', (j) => j.onRef('c.client_id', '=', 's.client_id').onRef('c.id', '=', 's.company_id'))
      .select(['s.type', 'c.id', 'c.name', 'c.logo_web'])
      .where('s.client_id', '=', clientId)
      .where('s.event_id', '=', eventId)
      .orderBy('s.sorting')
      .orderBy('c.name')
      .execute(),
    e.seat_map_id ? trx.selectFrom('seat_maps').select(['id', 'name']).where('client_id', '=', clientId).where('id', '=', e.seat_map_id).executeTakeFirst() : undefined,
  ]);
  const tickets = e.ticket_settings;
  const plan = e.table_plan;
  const files = await fileInfos(trx, clientId, [e.banner_picture, e.banner_bottom, e.invite_attachment, e.chart_picture, tickets.ticketLogo, tickets.ticketPicture, plan.cardPicture]);
  const file = (fileId: number | null | undefined) => (fileId ? (files.get(fileId) ?? null) : null);
  const sponsorGroups: { type: string; companies: { id: number; name: string; logoWeb: string | null }[] }[] = [];
  for (const s of sponsors) {
    let group = sponsorGroups.find((g) => g.type === s.type);
    if (!group) {
      group = { type: s.type, companies: [] };
      sponsorGroups.push(group);
    }
    group.companies.push({ id: s.id, name: s.name, logoWeb: s.logo_web ? publicImageUrl(s.logo_web) : null });
  }
  return {
    id: e.id,
    parentId: e.parent_id,
    parent: parent ?? null,
    typeId: e.type_id,
    title: e.title,
    url: e.url,
    startDate: e.start_date.toISOString(),
    endDate: e.end_date.toISOString(),
    signUpStart: e.sign_up_start.toISOString(),
    signUpPublic: iso(e.sign_up_public),
    signUpDeadline: e.sign_up_deadline.toISOString(),
    activeDate: iso(e.active_date),
    ownerId: e.owner_id,
    sender: { name: e.sender?.name ?? null, email: e.sender?.email ?? null },
    sponsors: sponsorGroups,
    bannerPicture: file(e.banner_picture),
    bannerBottom: file(e.banner_bottom),
    inviteAttachment: file(e.invite_attachment),
    location: e.location,
    description: e.description,
    privateDescription: e.private_description,
    ticketDescription: e.ticket_description,
    terms: e.terms,
    maxSignups: e.max_signups,
    maxCompanySignups: e.max_company_signups,
    private: e.private,
    businessOnly: e.business_only,
    promote: e.promote,
    showParticipants: e.show_participants,
    hasTickets: e.has_tickets,
    hasSeating: e.has_seating,
    hasSponsors: e.has_sponsors,
    hasTables: e.has_tables,
    emailNotifications: notificationsOut(e.email_notifications),
    smsNotifications: notificationsOut(e.sms_notifications),
    extraInfo: e.extra_info,
    tickets: {
      controlType: tickets.controlType ?? 'None',
      template: tickets.template ?? null,
      ticketLogo: file(tickets.ticketLogo),
      ticketPicture: file(tickets.ticketPicture),
      products: products.map((t) => ({
        id: t.id,
        productId: t.product_id,
        product: { id: t.product_id, title: t.product_title, type: t.product_type, seatCategory: t.product_seats?.category ?? null },
        title: t.title,
        price: oreToKroner(Number(t.price)),
        publicPrice: oreToKroner(t.public_price === null ? null : Number(t.public_price)),
        makePublicAt: iso(t.make_public_at),
        releaseReservedAt: iso(t.release_reserved_at),
        maxAmount: t.max_amount,
        maxCompanyAmount: t.max_company_amount,
        nameRequired: t.name_required,
        public: t.public,
        disableAdditionalTickets: t.disable_additional_tickets,
        altStartDate: iso(t.alt_start_date),
        ticketDescription: t.ticket_description,
        sorting: t.sorting,
      })),
    },
    seating: {
      chartId: e.chart_id,
      name: seatMap?.name ?? null,
      eventId: seatMap?.id ?? null,
      chartPicture: file(e.chart_picture),
      chartKey: e.seatsio_chart_key,
      seatsioEventKey: e.seatsio_event_key,
    },
    tablePlan: { cardPicture: file(plan.cardPicture), cardFormat: plan.cardFormat ?? 'A4', cardOrientation: plan.cardOrientation ?? 'Portrait', productIds: plan.productIds ?? [] },
    invitees: {
      productIds: e.invitees.productIds ?? [],
      orderProductIds: e.invitees.orderProductIds ?? [],
      companyIds: e.invitees.companyIds ?? [],
      contactIds: e.invitees.contactIds ?? [],
      contactListIds: e.invitees.contactListIds ?? [],
    },
  };
}

// ---------------------------------------------------------------- save

/** A free public address: the one asked for (refused when taken), else the title's with -2, -3, … */
async function freeUrl(trx: Tx, clientId: number, eventId: number | null, asked: string | null, title: string): Promise<string> {
  const taken = async (url: string) => {
    let q = trx.selectFrom('events').select('id').where('client_id', '=', clientId).where(sql`lower(url)`, '=', url.toLowerCase());
    if (eventId) q = q.where('id', '!=', eventId);
    return Boolean(await q.executeTakeFirst());
  };
  if (asked) {
    if (await taken(asked)) throw fail.badRequest(EVENT_MSG.urlTaken);
    return asked;
  }
  const base = slugify(title);
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
  throw fail.badRequest(EVENT_MSG.urlTaken);
}

async function checkEventRefs(trx: Tx, clientId: number, input: EventUpdate) {
  await assertOwn(trx, clientId, 'event_types', [input.typeId], EVENT_MSG.unknownType);
  await checkTemplateRefs(trx, clientId, input);
  if (input.parentId) {
    if (input.parentId === input.id) throw fail.badRequest(EVENT_MSG.childOfChild);
    const parent = await trx.selectFrom('events').select(['id', 'parent_id']).where('client_id', '=', clientId).where('id', '=', input.parentId).executeTakeFirst();
    if (!parent) throw fail.badRequest(EVENT_MSG.unknownEvent);
    if (parent.parent_id) throw fail.badRequest(EVENT_MSG.childOfChild);
    if (input.id) {
      const child = await trx.selectFrom('events').select('id').where('client_id', '=', clientId).where('parent_id', '=', input.id).limit(1).executeTakeFirst();
      if (child) throw fail.badRequest(EVENT_MSG.childOfChild);
    }
  }
  if (input.ownerId) {
    if (!(await isStaffOwner(trx, clientId, input.ownerId))) throw fail.badRequest(EVENT_MSG.unknownOwner);
  }
  const { sponsorTypes } = await eventSettings(trx, clientId);
  for (const g of input.sponsors) if (!sponsorTypes.includes(g.type)) throw fail.badRequest(EVENT_MSG.unknownSponsorType(g.type));
  await assertOwn(
    trx,
    clientId,
    'companies',
    input.sponsors.flatMap((g) => g.companies),
    EVENT_MSG.unknownCompany,
  );
  await assertOwn(trx, clientId, 'companies', input.invitees.companyIds, EVENT_MSG.unknownCompany);
  await assertOwn(trx, clientId, 'contacts', input.invitees.contactIds, EVENT_MSG.unknownContact);
  await assertOwn(trx, clientId, 'contact_lists', input.invitees.contactListIds, EVENT_MSG.unknownContactList);
}

/** Ticket products of the event: rows kept by id, new ones added, the rest removed — in the call's transaction. */
async function saveTicketProducts(trx: Tx, clientId: number, eventId: number, products: EventUpdate['tickets']['products']) {
  const existing = await trx.selectFrom('event_ticket_products').select('id').where('client_id', '=', clientId).where('event_id', '=', eventId).execute();
  const existingIds = new Set(existing.map((r) => r.id));
  const keep = products.filter((p) => p.id && existingIds.has(p.id)).map((p) => p.id as number);
  const gone = [...existingIds].filter((i) => !keep.includes(i));
  if (gone.length) await trx.deleteFrom('event_ticket_products').where('client_id', '=', clientId).where('id', 'in', gone).execute();
  for (const [i, p] of products.entries()) {
    const values = {
      product_id: p.productId,
      title: p.title,
      price: p.price,
      public_price: p.publicPrice,
      make_public_at: p.makePublicAt,
      release_reserved_at: p.releaseReservedAt,
      max_amount: p.maxAmount,
      max_company_amount: p.maxCompanyAmount,
      name_required: p.nameRequired,
      public: p.public,
      disable_additional_tickets: p.disableAdditionalTickets,
      alt_start_date: p.altStartDate,
      ticket_description: p.ticketDescription,
      sorting: p.sorting || i,
    };
    if (p.id && existingIds.has(p.id)) {
      await trx.updateTable('event_ticket_products').set(values).where('client_id', '=', clientId).where('id', '=', p.id).execute();
    } else {
      await trx
        .insertInto('event_ticket_products')
        .values({ client_id: clientId, event_id: eventId, ...values })
        .execute();
    }
  }
}

async function saveSponsors(trx: Tx, clientId: number, eventId: number, sponsors: EventUpdate['sponsors']) {
  await trx.deleteFrom('event_sponsors').where('client_id', '=', clientId).where('event_id', '=', eventId).execute();
  const rows = sponsors.flatMap((g) => g.companies.map((companyId, i) => ({ client_id: clientId, event_id: eventId, type: g.type, company_id: companyId, sorting: i })));
  const unique = [...new Map(rows.map((r) => [`${r.type}\u0000${r.company_id}`, r])).values()];
  if (unique.length) await trx.insertInto('event_sponsors').values(unique).execute();
}

/**
 * The event's own seat map follows its chart: made from the chart when seating is on and a chart is
 * chosen; a different chart replaces it only while no seat is held or booked (then it is refused).
 */
async function syncSeatMap(trx: Tx, clientId: number, eventId: number, title: string, hasSeating: boolean, chartId: number | null) {
  const e = await trx.selectFrom('events').select(['seat_map_id']).where('client_id', '=', clientId).where('id', '=', eventId).executeTakeFirstOrThrow();
  const current = e.seat_map_id
    ? await trx.selectFrom('seat_maps').select(['id', 'chart_id']).where('client_id', '=', clientId).where('id', '=', e.seat_map_id).executeTakeFirst()
    : undefined;
  if (!hasSeating || !chartId || current?.chart_id === chartId) return;
  if (current) {
    const used = await trx
      .selectFrom('seat_map_seats')
      .select('seat_key')
      .where('client_id', '=', clientId)
      .where('seat_map_id', '=', current.id)
      .where('status', 'in', ['held', 'booked'])
      .where((eb) => eb.or([eb('status', '=', 'booked'), eb('held_until', '>', new Date())]))
      .limit(1)
      .executeTakeFirst();
    if (used) throw fail.conflict(EVENT_MSG.chartLocked);
  }
  const seatMapId = await createSeatMap(trx, clientId, chartId, title);
  await trx.updateTable('events').set({ seat_map_id: seatMapId }).where('client_id', '=', clientId).where('id', '=', eventId).execute();
  if (current) await trx.deleteFrom('seat_maps').where('client_id', '=', clientId).where('id', '=', current.id).execute();
}

const IMAGE_OPTS = { imagesOnly: EVENT_MSG.imageNotImage };
const firstUpload = (u: TUpload[] | null | undefined) => (u?.length ? u.slice(0, 1) : null);

/** Saves the event and everything of its form in the call's transaction. */
export async function saveEvent(trx: Tx, files: CallFiles, club: Club, input: EventUpdate): Promise<TSaveResponse> {
  const { clientId } = club;
  await checkEventRefs(trx, clientId, input);
  const attachment = firstUpload(input.inviteAttachmentFile);
  if (attachment && uploadBytes(attachment[0]).length > MAX_INVITE_ATTACHMENT_BYTES) throw fail.badRequest(EVENT_MSG.attachmentTooLarge);
  const before = input.id
    ? await trx
        .selectFrom('events')
        .select(['banner_picture', 'banner_bottom', 'invite_attachment', 'chart_picture', 'ticket_settings', 'table_plan', 'seatsio_chart_key', 'seatsio_event_key'])
        .where('client_id', '=', clientId)
        .where('id', '=', input.id)
        .forUpdate()
        .executeTakeFirst()
    : null;
  if (input.id && !before) throw fail.notFound();
  // Seats sold through seats.io stay on the seats.io event they were sold on.
  const seatsioChartKey = input.hasSeating ? input.seating.chartKey : null;
  if (before?.seatsio_event_key && seatsioChartKey !== before.seatsio_chart_key) throw fail.conflict(EVENT_MSG.seatsioChartLocked);
  const url = await freeUrl(trx, clientId, input.id, input.url, input.title);
  const values = {
    parent_id: input.parentId,
    type_id: input.typeId,
    title: input.title,
    url,
    start_date: input.startDate,
    end_date: input.endDate,
    sign_up_start: input.signUpStart,
    sign_up_public: input.signUpPublic,
    sign_up_deadline: input.signUpDeadline,
    active_date: input.activeDate,
    // SPEC §2: the signup limits are hidden (and so not kept) when the event sells tickets.
    max_signups: input.hasTickets ? null : input.maxSignups,
    max_company_signups: input.hasTickets ? null : input.maxCompanySignups,
    location: input.location,
    description: input.description,
    private_description: input.privateDescription,
    ticket_description: input.ticketDescription,
    terms: input.terms,
    private: input.private,
    business_only: input.businessOnly,
    promote: input.promote,
    show_participants: input.showParticipants,
    has_tickets: input.hasTickets,
    has_seating: input.hasSeating,
    has_sponsors: input.hasSponsors,
    has_tables: input.hasTables,
    owner_id: input.ownerId,
    sender: json(input.sender),
    email_notifications: json(input.emailNotifications),
    sms_notifications: json(input.smsNotifications),
    extra_info: json(input.extraInfo),
    table_plan: json({ ...input.tablePlan, cardPicture: null }),
    ticket_settings: json({ controlType: input.tickets.controlType, template: input.tickets.template, ticketLogo: null, ticketPicture: null }),
    invitees: json(input.invitees),
    chart_id: input.hasSeating ? input.seating.chartId : null,
    seatsio_chart_key: seatsioChartKey,
    updated_at: new Date(),
  };
  const eventId = input.id
    ? input.id
    : (await trx.insertInto('events').values({ client_id: clientId, ...values }).returning('id').executeTakeFirstOrThrow()).id;
  if (input.id) await trx.updateTable('events').set(values).where('client_id', '=', clientId).where('id', '=', eventId).execute();

  const relation = { type: 'event' as const, id: eventId };
  const keep = (v: number | null | undefined, was: number | null | undefined) => (v === undefined ? (was ?? null) : v);
  const ticketsBefore = before?.ticket_settings;
  const images = await saveFileFields(
    trx,
    files,
    club,
    relation,
    {
      banner_picture: { uploads: firstUpload(input.bannerPictureFile), value: keep(input.bannerPicture, before?.banner_picture), before: before?.banner_picture ?? null },
      banner_bottom: { uploads: firstUpload(input.bannerBottomFile), value: keep(input.bannerBottom, before?.banner_bottom), before: before?.banner_bottom ?? null },
      chart_picture: { uploads: firstUpload(input.chartPictureFile), value: keep(input.chartPicture, before?.chart_picture), before: before?.chart_picture ?? null },
      ticket_logo: { uploads: firstUpload(input.ticketLogoFile), value: keep(input.tickets.ticketLogo, ticketsBefore?.ticketLogo), before: ticketsBefore?.ticketLogo ?? null },
      ticket_picture: {
        uploads: firstUpload(input.ticketPictureFile),
        value: keep(input.tickets.ticketPicture, ticketsBefore?.ticketPicture),
        before: ticketsBefore?.ticketPicture ?? null,
      },
      card_picture: {
        uploads: firstUpload(input.cardPictureFile),
        value: keep(input.tablePlan.cardPicture, before?.table_plan.cardPicture),
        before: before?.table_plan.cardPicture ?? null,
      },
    },
    IMAGE_OPTS,
  );
  const { invite_attachment } = await saveFileFields(
    trx,
    files,
    club,
    relation,
    { invite_attachment: { uploads: attachment, value: keep(input.inviteAttachment, before?.invite_attachment), before: before?.invite_attachment ?? null } },
    {},
  );
  // A reference must be a file of this event (a foreign id would fail the club key; another record's is refused here).
  const referenced = [...Object.values(images), invite_attachment].filter((v): v is number => v !== null);
  if (referenced.length) {
    const own = await trx
      .selectFrom('files')
      .select(['id', 'mime_type'])
      .where('client_id', '=', clientId)
      .where('relation_type', '=', 'event')
      .where('relation_id', '=', eventId)
      .where('id', 'in', referenced)
      .execute();
    if (own.length !== new Set(referenced).size) throw fail.badRequest(FILE_MSG.fileNotFound);
  }
  await trx
    .updateTable('events')
    .set({
      banner_picture: images.banner_picture,
      banner_bottom: images.banner_bottom,
      chart_picture: images.chart_picture,
      invite_attachment,
      ticket_settings: json({ controlType: input.tickets.controlType, template: input.tickets.template, ticketLogo: images.ticket_logo, ticketPicture: images.ticket_picture }),
      table_plan: json({ ...input.tablePlan, cardPicture: images.card_picture }),
    })
    .where('client_id', '=', clientId)
    .where('id', '=', eventId)
    .execute();

  await saveTicketProducts(trx, clientId, eventId, input.hasTickets ? input.tickets.products : []);
  await saveSponsors(trx, clientId, eventId, input.hasSponsors ? input.sponsors : []);
  await syncSeatMap(trx, clientId, eventId, input.title, input.hasSeating, input.seating.chartId);
  return input.id ? { id: eventId, created: false, message: EVENT_MSG.eventSaved } : { id: eventId, created: true, message: EVENT_MSG.eventCreated };
}

/** Deletes an event with its tickets, sponsors, invites, seat map, notes and files; refused while it has sub-events. */
export async function deleteEvent(trx: Tx, files: CallFiles, clientId: number, eventId: number) {
  const e = await trx.selectFrom('events').select(['id', 'seat_map_id']).where('client_id', '=', clientId).where('id', '=', eventId).forUpdate().executeTakeFirst();
  if (!e) throw fail.notFound();
  const child = await trx.selectFrom('events').select('id').where('client_id', '=', clientId).where('parent_id', '=', eventId).limit(1).executeTakeFirst();
  if (child) throw fail.conflict(EVENT_MSG.hasChildren);
  await deleteRecordAttachments(trx, files, clientId, 'event', eventId);
  await trx.deleteFrom('events').where('client_id', '=', clientId).where('id', '=', eventId).execute();
  if (e.seat_map_id) await trx.deleteFrom('seat_maps').where('client_id', '=', clientId).where('id', '=', e.seat_map_id).execute();
  return { success: true as const, message: EVENT_MSG.eventDeleted };
}

// ---------------------------------------------------------------- relations

export async function eventRelations(trx: Tx, clientId: number, eventId: number) {
  await assertOwnEvent(trx, clientId, eventId);
  const rows = await trx.selectFrom('events').select(ROW).where('client_id', '=', clientId).where('parent_id', '=', eventId).orderBy('start_date').orderBy('id').execute();
  return rows.map(toRow);
}

/**
 * POST /{id}/relations/create: a sub-event copied from its parent (type, dates, texts, flags,
 * notifications) under a title of its own; tickets, invites and seats stay the parent's.
 */
export async function createRelation(trx: Tx, clientId: number, eventId: number, title: string | undefined): Promise<TSaveResponse> {
  const p = await trx.selectFrom('events').selectAll().where('client_id', '=', clientId).where('id', '=', eventId).executeTakeFirst();
  if (!p) throw fail.notFound();
  if (p.parent_id) throw fail.badRequest(EVENT_MSG.childOfChild);
  const childTitle = title?.trim() || `${p.title} (${EVENT_MSG.subEvent.toLowerCase()})`;
  const url = await freeUrl(trx, clientId, null, null, childTitle);
  const created = await trx
    .insertInto('events')
    .values({
      client_id: clientId,
      parent_id: p.id,
      type_id: p.type_id,
      title: childTitle,
      url,
      start_date: p.start_date,
      end_date: p.end_date,
      sign_up_start: p.sign_up_start,
      sign_up_public: p.sign_up_public,
      sign_up_deadline: p.sign_up_deadline,
      location: p.location,
      description: p.description,
      terms: p.terms,
      private: p.private,
      business_only: p.business_only,
      owner_id: p.owner_id,
      sender: p.sender ? json(p.sender) : null,
      email_notifications: json(p.email_notifications),
      sms_notifications: json(p.sms_notifications),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: created.id, created: true, message: EVENT_MSG.eventCreated };
}

export async function assertOwnEvent(trx: Tx, clientId: number, eventId: number) {
  const e = await trx.selectFrom('events').select(['id', 'title', 'start_date']).where('client_id', '=', clientId).where('id', '=', eventId).executeTakeFirst();
  if (!e) throw fail.notFound();
  return e;
}

// ---------------------------------------------------------------- pickers and the company screen

/** Events a company is invited to or sponsors, newest first (company screen, Arrangementer). */
export async function companyEvents(trx: Tx, clientId: number, companyId: number) {
  const rows = await sql<{ id: number; title: string; start_date: Date; invites: number; sent: number; sponsor: boolean }>`
    SELECT e.id, e.title, e.start_date,
      (SELECT count(*)::int FROM event_invites i WHERE i.client_id = e.client_id AND i.event_id = e.id AND i.company_id = ${companyId}) AS invites,
      (SELECT count(*)::int FROM event_invites i WHERE i.client_id = e.client_id AND i.event_id = e.id AND i.company_id = ${companyId} AND i.invitation_sent_at IS NOT NULL) AS sent,
      EXISTS (SELECT 1 FROM event_sponsors s WHERE s.client_id = e.client_id AND s.event_id = e.id AND s.company_id = ${companyId}) AS sponsor
    FROM events e
    WHERE e.client_id = ${clientId} AND (
      EXISTS (SELECT 1 FROM event_invites i WHERE i.client_id = e.client_id AND i.event_id = e.id AND i.company_id = ${companyId})
      OR EXISTS (SELECT 1 FROM event_sponsors s WHERE s.client_id = e.client_id AND s.event_id = e.id AND s.company_id = ${companyId}))
    ORDER BY e.start_date DESC, e.id DESC
    LIMIT 200`.execute(trx);
  return rows.rows.map((r) => ({
    id: r.id,
    title: r.title,
    startDate: new Date(r.start_date).toISOString(),
    invites: r.invites,
    invitationsSent: r.sent,
    sponsor: r.sponsor,
  }));
}
