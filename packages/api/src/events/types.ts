import { json, type Tx } from '@klubhus/db';
import { EVENT_MSG, type EventTemplate, type EventTypeUpdate, oreToKroner, type TSaveResponse, type ZEventTypeListRequest } from '@klubhus/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import { fail } from '../lib/errors';
import { saveClubRow } from '../lib/records';
import { likePattern, paginate } from '../lib/list';
import { assertOwn, assertTicketProducts, checkTemplates, eventSettings, notificationsOut } from './shared';

/**
 * Event types (SPEC §2 Typer): a title and an event template — the event form without dates, owner,
 * sender, partners or files. A new event is prefilled from it (by the event screen, only on create).
 */

const SORTS = { Title: sql`lower(title)`, Id: sql`id` } as const;

export async function listEventTypes(trx: Tx, clientId: number, input: z.output<typeof ZEventTypeListRequest>) {
  let q = trx.selectFrom('event_types').select(['id', 'title']).where('client_id', '=', clientId);
  if (input.search) q = q.where('title', 'ilike', likePattern(input.search));
  q = q.orderBy(SORTS[input.sort.field as keyof typeof SORTS], input.sort.dir).orderBy('id');
  return paginate(q, input);
}

export async function eventTypeOptions(trx: Tx, clientId: number) {
  return trx.selectFrom('event_types').select(['id', 'title']).where('client_id', '=', clientId).orderBy(sql`lower(title)`).orderBy('id').execute();
}

/** The stored template: what a type keeps of the form (no files; ticket products without row ids). */
function toTemplate(input: EventTypeUpdate): EventTemplate {
  const { id: _id, title: _title, ...template } = input;
  return {
    ...template,
    tickets: { ...template.tickets, ticketLogo: null, ticketPicture: null, products: template.tickets.products.map((p) => ({ ...p, id: null })) },
    tablePlan: { ...template.tablePlan, cardPicture: null },
  };
}

/** A stored template as the form reads it (kroner, every group present); tolerant of older rows. */
export async function templateOut(trx: Tx, clientId: number, stored: Partial<EventTemplate>) {
  const products = stored.tickets?.products ?? [];
  const productRows = products.length
    ? await trx
        .selectFrom('products')
        .select(['id', 'title', 'type', 'seats'])
        .where('client_id', '=', clientId)
        .where(
          'id',
          'in',
          products.map((p) => p.productId),
        )
        .execute()
    : [];
  const byId = new Map(productRows.map((p) => [p.id, p]));
  return {
    location: stored.location ?? null,
    description: stored.description ?? null,
    privateDescription: stored.privateDescription ?? null,
    ticketDescription: stored.ticketDescription ?? null,
    terms: stored.terms ?? null,
    maxSignups: stored.maxSignups ?? null,
    maxCompanySignups: stored.maxCompanySignups ?? null,
    private: stored.private ?? false,
    businessOnly: stored.businessOnly ?? false,
    promote: stored.promote ?? false,
    showParticipants: stored.showParticipants ?? false,
    hasTickets: stored.hasTickets ?? false,
    hasSeating: stored.hasSeating ?? false,
    hasSponsors: stored.hasSponsors ?? false,
    hasTables: stored.hasTables ?? false,
    emailNotifications: notificationsOut(stored.emailNotifications ?? {}),
    smsNotifications: notificationsOut(stored.smsNotifications ?? {}),
    extraInfo: stored.extraInfo ?? [],
    tickets: {
      controlType: stored.tickets?.controlType ?? 'None',
      template: stored.tickets?.template ?? null,
      ticketLogo: null,
      ticketPicture: null,
      // A product deleted since the type was saved drops out of the template.
      products: products
        .filter((p) => byId.has(p.productId))
        .map((p) => {
          const product = byId.get(p.productId);
          return {
            id: null,
            productId: p.productId,
            product: product ? { id: product.id, title: product.title, type: product.type, seatCategory: product.seats?.category ?? null } : null,
            title: p.title,
            price: oreToKroner(p.price),
            publicPrice: oreToKroner(p.publicPrice),
            makePublicAt: p.makePublicAt ?? null,
            releaseReservedAt: p.releaseReservedAt ?? null,
            maxAmount: p.maxAmount ?? null,
            maxCompanyAmount: p.maxCompanyAmount ?? null,
            nameRequired: p.nameRequired ?? false,
            public: p.public ?? false,
            disableAdditionalTickets: p.disableAdditionalTickets ?? false,
            altStartDate: p.altStartDate ?? null,
            ticketDescription: p.ticketDescription ?? null,
            sorting: p.sorting ?? 0,
          };
        }),
    },
    seating: { chartId: stored.seating?.chartId ?? null, name: null, eventId: null, chartPicture: null, chartKey: stored.seating?.chartKey ?? null, seatsioEventKey: null },
    tablePlan: {
      cardPicture: null,
      cardFormat: stored.tablePlan?.cardFormat ?? 'A4',
      cardOrientation: stored.tablePlan?.cardOrientation ?? 'Portrait',
      productIds: stored.tablePlan?.productIds ?? [],
    },
    invitees: {
      productIds: stored.invitees?.productIds ?? [],
      orderProductIds: stored.invitees?.orderProductIds ?? [],
      companyIds: stored.invitees?.companyIds ?? [],
      contactIds: stored.invitees?.contactIds ?? [],
      contactListIds: stored.invitees?.contactListIds ?? [],
    },
  };
}

export async function getEventType(trx: Tx, clientId: number, typeId: number) {
  const row = await trx.selectFrom('event_types').select(['id', 'title', 'template']).where('client_id', '=', clientId).where('id', '=', typeId).executeTakeFirst();
  if (!row) throw fail.notFound();
  return { id: row.id, title: row.title, ...(await templateOut(trx, clientId, row.template as Partial<EventTemplate>)) };
}

/** The checks an event and its type share: products are tickets, charts and templates the club's. */
export async function checkTemplateRefs(trx: Tx, clientId: number, input: Omit<EventTemplate, never>) {
  await assertTicketProducts(trx, clientId, [...input.tickets.products.map((p) => p.productId), ...input.invitees.productIds, ...input.tablePlan.productIds]);
  await assertOwn(trx, clientId, 'products', input.invitees.orderProductIds, EVENT_MSG.unknownProduct);
  await assertOwn(trx, clientId, 'seating_charts', [input.seating.chartId], EVENT_MSG.unknownChart);
  const settings = await eventSettings(trx, clientId);
  checkTemplates(input.emailNotifications, settings.emailTemplates);
  checkTemplates(input.smsNotifications, settings.smsTemplates);
  const ticketTemplate = input.tickets.template;
  if (ticketTemplate && ticketTemplate !== 'standard' && !settings.ticketTemplates.includes(ticketTemplate)) throw fail.badRequest(EVENT_MSG.unknownTemplate(ticketTemplate));
}

export async function saveEventType(trx: Tx, clientId: number, input: EventTypeUpdate): Promise<TSaveResponse> {
  await checkTemplateRefs(trx, clientId, input);
  const values = { title: input.title, template: json(toTemplate(input)), updated_at: new Date() };
  const { id, created } = await saveClubRow(trx, 'event_types', clientId, input.id, values);
  return { id, created, message: created ? EVENT_MSG.typeCreated : EVENT_MSG.typeSaved };
}

/** Deleting a type leaves its events (their typeId becomes empty). */
export async function deleteEventType(trx: Tx, clientId: number, typeId: number) {
  const deleted = await trx.deleteFrom('event_types').where('client_id', '=', clientId).where('id', '=', typeId).returning('id').executeTakeFirst();
  if (!deleted) throw fail.notFound();
  return { success: true as const, message: EVENT_MSG.typeDeleted };
}

/** The company screen's ticket-limit editor: every type with the ticket products of its template. */
export async function eventTypeProducts(trx: Tx, clientId: number) {
  const types = await trx.selectFrom('event_types').select(['id', 'title', 'template']).where('client_id', '=', clientId).orderBy(sql`lower(title)`).orderBy('id').execute();
  const productIds = [...new Set(types.flatMap((t) => ((t.template as Partial<EventTemplate>).tickets?.products ?? []).map((p) => p.productId)))];
  const products = productIds.length
    ? await trx.selectFrom('products').select(['id', 'title']).where('client_id', '=', clientId).where('id', 'in', productIds).execute()
    : [];
  const title = new Map(products.map((p) => [p.id, p.title]));
  return {
    result: types.map((t) => ({ id: t.id, title: t.title })),
    products: types.flatMap((t) =>
      [...new Set(((t.template as Partial<EventTemplate>).tickets?.products ?? []).map((p) => p.productId))]
        .filter((id) => title.has(id))
        .map((id) => ({ id, title: title.get(id) as string, typeId: t.id })),
    ),
  };
}
